import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { PreviewApp } from '../../../components/content/preview/preview-app'
import { headTranslator, type LocalesData } from '../../../components/seo/head-translations'
import { Seo } from '../../../components/seo/seo'

/** Every `/v2/preview/...` path (and its locale-prefixed twin): drafts, fetched at run time. */
export default function PreviewPage({ location }: PageProps<LocalesData>) {
  return <PreviewApp location={location} />
}

export function Head({ data, pageContext }: HeadProps<LocalesData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={`${t('content.previewBanner')} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query PreviewPage($messageLanguages: [String!]!) {
    ...ContentPageMessages
  }
`
