import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { AdminApp } from '../../admin/shell/admin-app'
import { headTranslator, type LocalesData } from '../../components/seo/head-translations'
import { Seo } from '../../components/seo/seo'
import { useHydrated } from '../../components/use-hydrated'

/**
 * Every `/{lng}/admin/...` path is answered by this client-only page (one match path per locale,
 * as the widget has): the dashboard routes by the path itself. Its code is this page's chunk
 * alone, so visitors of the site and the widget never download it.
 */
export default function AdminPage({ location }: PageProps<LocalesData>) {
  // Nothing of it is built into the HTML: it shows only what the session opens, in the browser.
  return useHydrated() ? <AdminApp pathname={location.pathname} /> : null
}

export function Head({ data, pageContext }: HeadProps<LocalesData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={`${t('admin.title')} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query AdminPage($language: String!) {
    ...AdminMessages
  }
`
