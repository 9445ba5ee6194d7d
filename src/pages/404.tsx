import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { NotFoundView } from '../components/error-views/not-found-view'
import { headTranslator, type LocalesData } from '../components/seo/head-translations'
import { Seo } from '../components/seo/seo'

/**
 * Served with a real 404 status by the server for every path the site does not have: an unknown
 * slug under a known route shape, or a path no shape matches (spec §8 words them differently).
 */
export default function NotFoundPage({ location }: PageProps<LocalesData>) {
  return <NotFoundView location={location} />
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
  query NotFoundPage($messageLanguages: [String!]!) {
    ...ContentPageMessages
  }
`
