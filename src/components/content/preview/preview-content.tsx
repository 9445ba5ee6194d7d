import type { PreviewTarget } from '../../../lib/content/site-routes'
import type {
  Author,
  Collection,
  ContentKind,
  Page,
  Post,
  PreviewBundle,
  Product,
} from '../../../lib/content/types'
import { CollectionView } from '../collection-view'
import { ListingView } from '../listing-view'
import { PageView } from '../page-view'
import { PostView } from '../post-view'
import { ProductView } from '../product-view'
import type { SiteView } from '../site-view'

const byIds = <T extends { id: string }>(items: readonly T[], ids: readonly string[]) =>
  ids.flatMap((id) => items.find((item) => item.id === id) ?? [])

/** Renders a preview bundle with the same views the built pages use. */
export function PreviewContent({
  target,
  bundle,
  site,
}: {
  target: PreviewTarget
  bundle: PreviewBundle<ContentKind>
  site: SiteView
}) {
  const { item, posts, authors } = bundle
  switch (target.kind) {
    case 'pages': {
      const page = item as Page
      return (
        <PageView
          page={page}
          site={site}
          blog={page.hostsBlog ? { posts, authors } : undefined}
          store={
            page.hostsStore
              ? {
                  collections: bundle.collections.map((collection) => ({
                    ...collection,
                    products: byIds(bundle.products, collection.productIds),
                  })),
                }
              : undefined
          }
          presentsClinic={page.path === bundle.site.rootPagePath}
        />
      )
    }
    case 'posts': {
      const post = item as Post
      return (
        <PostView
          post={post}
          author={authors.find((author) => author.id === post.authorId) ?? null}
          categories={byIds(bundle.categories, post.categoryIds)}
          tags={byIds(bundle.tags, post.tagIds)}
          site={site}
        />
      )
    }
    case 'categories':
    case 'tags':
    case 'authors': {
      const kind =
        target.kind === 'categories' ? 'category' : target.kind === 'tags' ? 'tag' : 'author'
      return (
        <ListingView
          kind={kind}
          item={item as Author}
          posts={posts}
          authors={authors}
          site={site}
        />
      )
    }
    case 'products':
      return <ProductView product={item as Product} site={site} />
    case 'collections': {
      const collection = item as Collection
      return (
        <CollectionView
          collection={collection}
          products={byIds(bundle.products, collection.productIds)}
          site={site}
        />
      )
    }
  }
}
