import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Layout } from '../components/layout/layout'
import { LocalizedLink } from '../components/localized-link'
import { useHydrated } from '../components/use-hydrated'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'

/** Served with a real 404 status by the server for every path the site does not have. */
export default function NotFoundPage({ location }: PageProps<LocalesData>) {
  const { t } = useTranslation()
  // The HTML is built once for every missing path; the path itself is known only in the browser.
  const path = useHydrated() ? location.pathname : ''
  return (
    <Layout>
      <h1>{t('notFound.title', { path })}</h1>
      <LocalizedLink to="/">{t('notFound.back')}</LocalizedLink>
    </Layout>
  )
}

export function Head({ data }: HeadProps<LocalesData>) {
  const t = headTranslator(data)
  return (
    <Seo title={`${t('notFound.title', { path: '' })} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`
