import { useTranslation } from 'gatsby-plugin-react-i18next'
import { localize } from '../../lib/content/localize'
import { LocalizedArticle, RichText } from './localized-article'
import { PostList } from './post-list'
import type { AuthorSummary, Pagination, PostSummary, SiteView, Translated } from './site-view'

export type ListingKind = 'category' | 'tag' | 'author'

/** The posts of a category, a tag or an author, one page at a time. */
export function ListingView({
  kind,
  item,
  posts,
  authors,
  site,
  pagination,
}: {
  kind: ListingKind
  item: Translated & { name?: string }
  posts: readonly PostSummary[]
  authors: readonly AuthorSummary[]
  site: SiteView
  pagination?: Pagination
}) {
  const { t } = useTranslation()
  const text = localize(item.translations, site.locale, site.defaultLocale)
  const heading =
    kind === 'author'
      ? t('content.postsByAuthor', { name: item.name ?? text.title })
      : t(kind === 'category' ? 'content.categoryHeading' : 'content.tagHeading', {
          title: text.title,
        })
  return (
    <LocalizedArticle site={site} fallback={text.fallback} className="listing">
      <h1>{heading}</h1>
      {kind === 'author' && text.title ? <p className="listing__role">{text.title}</p> : null}
      {text.body ? <RichText html={text.body ?? ''} /> : null}
      <PostList
        posts={posts}
        authors={authors}
        site={site}
        headingLevel={2}
        pagination={pagination}
      />
    </LocalizedArticle>
  )
}
