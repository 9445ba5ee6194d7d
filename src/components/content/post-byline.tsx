import { useTranslation } from 'gatsby-plugin-react-i18next'
import { authorPath } from '../../lib/content/site-paths'
import { formatPublishDate } from '../../lib/format'
import { languageTagOf } from '../../lib/locale/locales'
import { LocalizedLink } from '../localized-link'
import { StaticRegion } from '../static-region'
import type { AuthorSummary, SiteView } from './site-view'

/** "By {name} · {date}": the author (linked to their posts on a post's own page) and the date. */
export function PostByline({
  author,
  publishedAt,
  site,
  className,
  linkAuthor = false,
}: {
  author: AuthorSummary | null | undefined
  publishedAt: string | null
  site: SiteView
  className: string
  linkAuthor?: boolean
}) {
  const { t } = useTranslation()
  const byAuthor = author ? t('content.byAuthor', { name: author.name }) : null
  return (
    // The date is written with Intl, whose first formatter of a page costs tens of milliseconds.
    <StaticRegion as="p" className={className}>
      {author && linkAuthor ? (
        <LocalizedLink to={authorPath(site.hosts, author.slug)}>{byAuthor}</LocalizedLink>
      ) : (
        byAuthor
      )}
      {author && publishedAt ? ' · ' : null}
      {publishedAt ? (
        <time dateTime={publishedAt}>
          {formatPublishDate(publishedAt, languageTagOf(site.locale))}
        </time>
      ) : null}
    </StaticRegion>
  )
}
