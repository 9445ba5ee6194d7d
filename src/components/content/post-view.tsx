import { useTranslation } from 'gatsby-plugin-react-i18next'
import { localize } from '../../lib/content/localize'
import { categoryPaths, tagPath } from '../../lib/content/site-paths'
import { LocalizedLink } from '../localized-link'
import { ContentImageView } from './content-image'
import { LocalizedArticle, RichText } from './localized-article'
import { PostByline } from './post-byline'
import type { AuthorSummary, PostSummary, SiteView, Translated } from './site-view'

export interface PostViewProps {
  post: PostSummary
  author: AuthorSummary | null
  categories: readonly Translated[]
  tags: readonly Translated[]
  site: SiteView
}

function TermLinks({
  label,
  terms,
  pathOf,
  site,
}: {
  label: string
  terms: readonly Translated[]
  pathOf: (slug: string) => string
  site: SiteView
}) {
  if (terms.length === 0) return null
  return (
    <p className="post__terms">
      {label}:{' '}
      {terms.map((term, index) => (
        <span key={term.id}>
          {index > 0 ? ', ' : null}
          <LocalizedLink to={pathOf(term.slug)}>
            {localize(term.translations, site.locale, site.defaultLocale).title}
          </LocalizedLink>
        </span>
      ))}
    </p>
  )
}

/** A blog post: cover, title, author and date, body, categories and tags. */
export function PostView({ post, author, categories, tags, site }: PostViewProps) {
  const { t } = useTranslation()
  const text = localize(post.translations, site.locale, site.defaultLocale)
  return (
    <LocalizedArticle site={site} fallback={text.fallback} className="post">
      {post.coverImage ? (
        <ContentImageView image={post.coverImage} className="post__cover" eager />
      ) : null}
      <h1>{text.title}</h1>
      <PostByline
        author={author}
        publishedAt={post.publishedAt}
        site={site}
        className="post__meta"
        linkAuthor
      />
      <RichText html={text.body ?? ''} />
      <TermLinks
        label={t('content.categories')}
        terms={categories}
        pathOf={(slug) => categoryPaths(site.hosts, slug)[0] ?? '/'}
        site={site}
      />
      <TermLinks
        label={t('content.tags')}
        terms={tags}
        pathOf={(slug) => tagPath(site.hosts, slug)}
        site={site}
      />
    </LocalizedArticle>
  )
}
