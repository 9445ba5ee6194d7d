import { useTranslation } from 'gatsby-plugin-react-i18next'
import { notFoundMessage } from '../../lib/content/site-routes'
import { Layout } from '../layout/layout'
import { LocalizedLink } from '../localized-link'
import { useHydrated } from '../use-hydrated'
import { useMessage } from '../use-message'

/**
 * The site's 404 in its frame: the 404 page's, and a preview's that cannot be shown, so an editor
 * with a wrong link sees the same page as any visitor. The message names the path (spec §8), which
 * the built HTML cannot know: until hydrated it shows the generic heading.
 */
export function NotFoundView({ location }: { location: { pathname: string; search: string } }) {
  const { t } = useTranslation()
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
