import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Layout } from '../components/layout/layout'
import { LocalizedLink } from '../components/localized-link'
import { useHydrated } from '../components/use-hydrated'
import { useMessage } from '../components/use-message'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'
import { notFoundMessage } from '../lib/content/site-routes'

/**
 * Served with a real 404 status by the server for every path the site does not have: an unknown
 * slug under a known route shape, or a path no shape matches (spec §8 words them differently).
 */
export default function NotFoundPage({ location }: PageProps<LocalesData>) {
  const { t } = useTranslation()
  // The HTML is built once for every missing path; the path itself is known only in the browser.
  const hydrated = useHydrated()
  const translate = useMessage()
  const title = hydrated
    ? translate(notFoundMessage(location.pathname, location.search))
    : t('notFound.heading')
  return (
    <Layout>
      <h1 className="not-found__title">{title}</h1>
      <LocalizedLink to="/">{t('notFound.back')}</LocalizedLink>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<LocalesData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={`${t('notFound.heading')} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...PageMessages
  }
`
