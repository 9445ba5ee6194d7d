import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { headTranslator, type LocalesData } from '../../components/seo/head-translations'
import { Seo } from '../../components/seo/seo'
import { WidgetApp } from '../../widgets/shell/widget-app'

/** Every `/widget/...` path (and its locale-prefixed twin) is answered by this client-only page. */
export default function WidgetPage({ location }: PageProps<LocalesData>) {
  return <WidgetApp location={location} />
}

export function Head({ data, pageContext }: HeadProps<LocalesData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={`${t('widget.title')} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query WidgetPage($messageLanguages: [String!]!) {
    ...PageMessages
  }
`
