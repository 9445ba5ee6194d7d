import { useTranslation } from 'gatsby-plugin-react-i18next'
import { localize } from '../../lib/content/localize'
import { pagedPath, postPaths } from '../../lib/content/site-paths'
import { LocalizedLink } from '../localized-link'
import { ContentImageView } from './content-image'
import { PostByline } from './post-byline'
import type {
  AuthorSummary,
  CardHeadingLevel,
  Pagination,
  PostSummary,
  SiteView,
} from './site-view'

function PostCard({
  post,
  author,
  site,
  headingLevel,
}: {
  post: PostSummary
  author: AuthorSummary | undefined
  site: SiteView
  headingLevel: CardHeadingLevel
}) {
  const text = localize(post.translations, site.locale, site.defaultLocale)
  const [href = '/'] = postPaths(site.hosts, post.slug, [])
  const Heading = `h${headingLevel}` as const
  return (
    <li className="post-card">
      {post.coverImage ? (
        <ContentImageView image={post.coverImage} className="post-card__image" />
      ) : null}
      <Heading className="post-card__title">
        <LocalizedLink to={href}>{text.title}</LocalizedLink>
      </Heading>
      <PostByline
        author={author}
        publishedAt={post.publishedAt}
        site={site}
        className="post-card__meta"
      />
      {text.excerpt ? <p>{text.excerpt}</p> : null}
    </li>
  )
}

function PageLinks({ pagination }: { pagination: Pagination }) {
  const { t } = useTranslation()
  const { pageNumber, pageTotal, listingPath } = pagination
  if (pageTotal <= 1) return null
  return (
    <nav className="pagination" aria-label={t('content.pagination')}>
      {pageNumber > 1 ? (
        <LocalizedLink to={pagedPath(listingPath, pageNumber - 1)}>
          {t('content.newerPosts')}
        </LocalizedLink>
      ) : null}
      <span>{t('content.pageOf', { page: pageNumber, total: pageTotal })}</span>
      {pageNumber < pageTotal ? (
        <LocalizedLink to={pagedPath(listingPath, pageNumber + 1)}>
          {t('content.olderPosts')}
        </LocalizedLink>
      ) : null}
    </nav>
  )
}

/** One page of a listing's posts, newest first, with links to the other pages. */
export function PostList({
  posts,
  authors,
  site,
  headingLevel,
  pagination,
}: {
  posts: readonly PostSummary[]
  authors: readonly AuthorSummary[]
  site: SiteView
  headingLevel: CardHeadingLevel
  pagination?: Pagination
}) {
  const { t } = useTranslation()
  if (posts.length === 0) return <p>{t('content.noPosts')}</p>
  const authorOf = (post: PostSummary) => authors.find((author) => author.id === post.authorId)
  return (
    <>
      <ul className="post-list">
        {posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            author={authorOf(post)}
            site={site}
            headingLevel={headingLevel}
          />
        ))}
      </ul>
      {pagination ? <PageLinks pagination={pagination} /> : null}
    </>
  )
}
