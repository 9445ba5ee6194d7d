import fs from 'node:fs'
import path from 'node:path'
import { render, screen } from '@testing-library/react'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { wrapPageElement } from 'gatsby-plugin-react-i18next/dist/plugin/wrapPageElement'
import type { PluginOptions } from 'gatsby-plugin-react-i18next/dist/types'
import type { ReactElement } from 'react'
import config from '../../gatsby-config'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { useMessage } from '../components/use-message'
import { LOCALES } from '../lib/locale/locales'
import { SITE_MESSAGES_NS, siteMessagesOf } from '../lib/locale/site-messages'

const german = siteMessagesOf(
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../../locales/de/translation.json'), 'utf8'),
  ) as Record<string, string>,
)

/** A German content page's data, as its ContentPageMessages query gives it. */
const data: LocalesData = {
  locales: {
    edges: [{ node: { ns: SITE_MESSAGES_NS, language: 'de', data: JSON.stringify(german) } }],
  },
}

/** The i18n plugin's options, as the site gives them. */
const pluginOptions = (config.plugins ?? []).flatMap((plugin) =>
  typeof plugin === 'object' && plugin.resolve === 'gatsby-plugin-react-i18next'
    ? [plugin.options as unknown as PluginOptions]
    : [],
)[0]!

function Probe() {
  const { t } = useTranslation()
  const translate = useMessage()
  return (
    <ul>
      <li>{t('content.olderPosts')}</li>
      <li>{t('widget.minutes', { count: 2 })}</li>
      <li>{translate('Page not found: /de/nowhere/')}</li>
      <li>{translate('Please enter a number from 1 to 5')}</li>
    </ul>
  )
}

/** The page as the plugin's own page wrapper sets it up in the browser and at build. */
function renderContentPage() {
  const element = wrapPageElement(
    {
      element: <Probe />,
      props: {
        data,
        pageContext: {
          language: 'de',
          i18n: {
            language: 'de',
            languages: [...LOCALES],
            defaultLanguage: 'en',
            generateDefaultLanguagePage: true,
            routed: true,
            originalPath: '/home/',
            path: '/de/home/',
          },
        },
        location: { pathname: '/de/home/', search: '', hash: '' },
      },
    } as unknown as Parameters<typeof wrapPageElement>[0],
    pluginOptions,
  )
  render(element as ReactElement)
}

describe("a content page's messages", () => {
  it('serve its components through the i18n plugin as the whole file did', () => {
    renderContentPage()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ältere Beiträge',
      '2 Minuten',
      'Seite nicht gefunden: /de/nowhere/',
      // Validation messages stay with the widget: the spec's English words, not a bare key.
      'Please enter a number from 1 to 5',
    ])
  })

  it("serve the page's Head", () => {
    const t = headTranslator(data, 'de')
    expect(t('notFound.heading')).toBe('Seite nicht gefunden')
    expect(t('content.pageOf', { page: '2', total: '3' })).toBe('Seite 2 von 3')
  })
})
