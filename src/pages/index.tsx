import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Layout } from '../components/layout/layout'
import { LocalizedLink } from '../components/localized-link'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'

export default function HomePage(_: PageProps<LocalesData>) {
  const { t } = useTranslation()
  return (
    <Layout>
      <h1>{t('home.title')}</h1>
      <p>{t('home.lead')}</p>
      <LocalizedLink className="button-link" to="/widget/appointment/harbor-physio/">
        {t('bookAppointment')}
      </LocalizedLink>
    </Layout>
  )
}

export function Head({ data }: HeadProps<LocalesData>) {
  const t = headTranslator(data)
  return <Seo title={`${t('home.title')} | ${t('siteName')}`} description={t('home.lead')} />
}

export const query = graphql`
  query HomePage($language: String!) {
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
