import { graphql, navigate, type HeadProps, type PageProps } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect } from 'react'
import { Layout } from '../components/layout/layout'
import { LocalizedLink } from '../components/localized-link'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'
import { localizedPath, isLocale, DEFAULT_LOCALE } from '../lib/locale/locales'

type Data = LocalesData & { contentSite: { rootPagePath: string } | null }

const rootPageOf = (data: Data) => `/${data.contentSite?.rootPagePath ?? 'home'}/`

/**
 * `/` and `/{locale}/`: the server redirects them to the configured root page before this
 * renders; this page does the same in the browser for a copy of the site served without it.
 */
export default function RootPage({ data, pageContext }: PageProps<Data, { language: string }>) {
  const { t } = useTranslation()
  const locale = isLocale(pageContext.language) ? pageContext.language : DEFAULT_LOCALE
  const target = localizedPath(locale, rootPageOf(data))
  useEffect(() => {
    void navigate(target, { replace: true })
  }, [target])
  return (
    <Layout>
      <p>
        <LocalizedLink to={rootPageOf(data)}>{t('siteName')}</LocalizedLink>
      </p>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={t('siteName')}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query RootPage($messageLanguages: [String!]!) {
    contentSite {
      rootPagePath
    }
    ...ContentPageMessages
  }
`
