import { cleanup } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextContext } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { LOCALES, type Locale } from '../lib/locale/locales'

/*
 * The mocked plugin starts in English only; these load a language's real messages (site, widget
 * and dashboard) so a test sees exactly what a visitor of that language sees.
 */
const messages = (locale: Locale, namespace: 'translation' | 'admin'): object =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(`../../locales/${locale}/${namespace}.json`) as object

/** Switches the messages and the page's locale to `locale` for the tests of the enclosing block. */
export function inLanguage(locale: Locale): {
  wrapper: (props: { children: ReactNode }) => ReactNode
} {
  beforeEach(async () => {
    i18next.addResourceBundle(locale, 'translation', messages(locale, 'translation'))
    i18next.addResourceBundle(locale, 'admin', messages(locale, 'admin'))
    await i18next.changeLanguage(locale)
  })
  afterEach(async () => {
    // Unmounted first: a screen still shown would re-render in English outside the test.
    cleanup()
    await i18next.changeLanguage('en')
  })
  return {
    wrapper: ({ children }) => (
      <I18nextContext.Provider
        value={{
          language: locale,
          languages: [...LOCALES],
          routed: true,
          defaultLanguage: 'en',
          generateDefaultLanguagePage: false,
          originalPath: '/',
          path: `/${locale}/`,
        }}
      >
        {children}
      </I18nextContext.Provider>
    ),
  }
}
