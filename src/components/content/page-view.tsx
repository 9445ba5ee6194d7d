import { useTranslation } from 'gatsby-plugin-react-i18next'
import { localize } from '../../lib/content/localize'
import { collectionPaths } from '../../lib/content/site-paths'
import { ClinicSections } from '../clinic/clinic-sections'
import { bookingPathOf, useClinic } from '../clinic/use-clinic'
import { LocalizedLink } from '../localized-link'
import { StaticRegion } from '../static-region'
import { LocalizedArticle, RichText } from './localized-article'
import { PostList } from './post-list'
import { ProductGrid } from './product-grid'
import type {
  AuthorSummary,
  Pagination,
  PostSummary,
  ProductSummary,
  SiteView,
  Translated,
} from './site-view'

export interface PageViewProps {
  page: Translated
  site: SiteView
  /** The blog this page hosts: one page of its posts. */
  blog?: {
    posts: readonly PostSummary[]
    authors: readonly AuthorSummary[]
    pagination?: Pagination
  }
  /** The store this page hosts: its collections and their products. */
  store?: { collections: readonly (Translated & { products: readonly ProductSummary[] })[] }
  /** The site's front page also presents the business: hours, team and prices. */
  presentsClinic?: boolean
}

/** A site page: its text, then the blog or store it hosts, and the booking call to action. */
export function PageView({ page, site, blog, store, presentsClinic }: PageViewProps) {
  const { t } = useTranslation()
  const clinic = useClinic()
  const text = localize(page.translations, site.locale, site.defaultLocale)
  return (
    <LocalizedArticle site={site} fallback={text.fallback} className="page">
      <h1>{text.title}</h1>
      <RichText html={text.body ?? ''} />
      {presentsClinic && clinic ? (
        <StaticRegion as="div" className="clinic-sections">
          <ClinicSections clinic={clinic} />
        </StaticRegion>
      ) : null}
      {blog ? (
        <section aria-labelledby="latest-posts">
          <h2 id="latest-posts">{t('content.latestPosts')}</h2>
          <PostList
            posts={blog.posts}
            authors={blog.authors}
            site={site}
            headingLevel={3}
            pagination={blog.pagination}
          />
        </section>
      ) : null}
      {store?.collections.map((collection) => (
        <section key={collection.id} aria-labelledby={`collection-${collection.id}`}>
          <h2 id={`collection-${collection.id}`}>
            <LocalizedLink to={collectionPaths(site.hosts, collection.slug)[0] ?? '/'}>
              {localize(collection.translations, site.locale, site.defaultLocale).title}
            </LocalizedLink>
          </h2>
          <ProductGrid products={collection.products} site={site} headingLevel={3} />
        </section>
      ))}
      {clinic ? (
        <p className="page__cta">
          <LocalizedLink className="button-link" to={bookingPathOf(clinic)}>
            {t('bookAppointment')}
          </LocalizedLink>
        </p>
      ) : null}
    </LocalizedArticle>
  )
}
