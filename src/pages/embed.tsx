import { graphql, type HeadProps } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef } from 'react'
import { useClinic } from '../components/clinic/use-clinic'
import { useClinicOffer } from '../components/clinic/use-clinic-offer'
import { Layout } from '../components/layout/layout'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'
import { useHydrated } from '../components/use-hydrated'
import { usePageLocale } from '../components/use-page-locale'
import {
  embedScriptUrl,
  floatingSnippet,
  inlineSnippet,
  loaderSnippet,
  popupSnippet,
} from '../lib/embed/snippets'

type Harbor = ((...call: unknown[]) => void) & { q?: unknown[][] }

/**
 * How a business puts the widget on its own site (README, "Embedding"): the snippets of each mode,
 * and a live example using them. embed.js loads on this page only, after hydration, so no other
 * page's first load grows; the widget is framed by this same origin, which every policy allows.
 */
export default function EmbedPage() {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const clinic = useClinic()
  const offer = useClinicOffer()
  const hydrated = useHydrated()
  const inlineBox = useRef<HTMLDivElement>(null)
  const service = offer?.services[0]
  const path = clinic ? `appointment/${clinic.slug}${service ? `/${service.slug}` : ''}` : ''
  const title = t('embed.widgetTitle')

  useEffect(() => {
    const box = inlineBox.current
    if (!box || !path) return
    const win = window as unknown as { Harbor?: Harbor }
    // The snippet's queue, unless embed.js is already here (a visit back to this page).
    win.Harbor ??= (...call: unknown[]) => {
      ;(win.Harbor!.q ??= []).push(call)
    }
    win.Harbor('inline', { el: box, path, locale, title })
    win.Harbor('popup', { locale, title })
    const src = embedScriptUrl(window.location.href)
    if (!document.querySelector(`script[src="${src}"]`)) {
      const script = document.createElement('script')
      script.async = true
      script.src = src
      document.body.appendChild(script)
    }
    // Leaving the page (or React mounting it twice in development) takes its frame away.
    return () => box.replaceChildren()
  }, [path, locale, title])

  // The built page cannot know which server it is served from; the browser shows the real one.
  const scriptUrl = hydrated
    ? embedScriptUrl(window.location.href)
    : 'https://booking.example/embed.js'
  const sections = [
    ['loader', loaderSnippet(scriptUrl)],
    ['inline', inlineSnippet(path, locale)],
    ['popup', popupSnippet(path, locale, t('widget.book'))],
    ['floating', floatingSnippet(path, locale, t('widget.book'))],
  ] as const

  return (
    <Layout>
      <article className="embed-page">
        <h1>{t('embed.title')}</h1>
        <p>{t('embed.intro')}</p>
        {path ? (
          <section aria-labelledby="embed-live">
            <h2 id="embed-live">{t('embed.liveHeading')}</h2>
            <p>{t('embed.liveText')}</p>
            <p>
              <button type="button" className="button-link" data-harbor-popup={path}>
                {t('embed.openPopup')}
              </button>
            </p>
            <div ref={inlineBox} className="embed-page__live" />
          </section>
        ) : null}
        {sections.map(([mode, code]) => (
          <section key={mode} aria-labelledby={`embed-${mode}`}>
            <h2 id={`embed-${mode}`}>{t(`embed.${mode}Heading`)}</h2>
            <p>{t(`embed.${mode}Text`)}</p>
            <pre className="embed-page__code">
              <code>{code}</code>
            </pre>
          </section>
        ))}
      </article>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<LocalesData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return <Seo title={`${t('embed.title')} | ${t('siteName')}`} description={t('embed.intro')} />
}

export const query = graphql`
  query EmbedPage($messageLanguages: [String!]!) {
    ...PageMessages
  }
`
