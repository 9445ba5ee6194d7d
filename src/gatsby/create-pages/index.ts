import fs from 'node:fs/promises'
import path from 'node:path'
import type { BuildArgs, CreatePagesArgs } from 'gatsby'
import {
  authorPath,
  categoryPaths,
  collectionPaths,
  pageCount,
  pagedPath,
  pagePath,
  POSTS_PER_PAGE,
  postPaths,
  productPaths,
  tagPath,
  type SiteHosts,
} from '../../lib/content/site-paths'
import { offeredLocales } from '../../lib/content/site-languages'
import { localizedPath } from '../../lib/locale/locales'
import { PAGE_ALIASES_FILE, type PageAliases } from '../../../server/site/page-aliases'
import { localizedPage, type ContentPageContext } from './localized-page'
import { sitemapEntriesFor, writeSiteMapFiles, type SitemapEntry } from './site-map'

interface Ref {
  id: string
  contentId: string
  slug: string
  /** Each language's canonical address: '' where it is the item's own page. */
  translations: { locale: string; canonicalPath: string }[]
}

/** The languages whose text names a canonical address elsewhere (the sitemap leaves them out). */
const canonicalElsewhere = (item: Ref) =>
  new Set(item.translations.filter((each) => each.canonicalPath).map((each) => each.locale))

interface PagesQuery {
  contentSite: { languages: string[] } | null
  allContentPage: { nodes: (Ref & { path: string; hostsBlog: boolean; hostsStore: boolean })[] }
  allContentPost: { nodes: (Ref & { authorId: string; categoryIds: string[]; tagIds: string[] })[] }
  allContentCategory: { nodes: Ref[] }
  allContentTag: { nodes: Ref[] }
  allContentAuthor: { nodes: Ref[] }
  allContentProduct: { nodes: Ref[] }
  allContentCollection: { nodes: Ref[] }
}

interface SiteUrlQuery {
  site: { siteMetadata: { siteUrl: string } }
}

const template = (name: string) => path.resolve(`src/templates/${name}.tsx`)

/** One item's pages: the same template and context under each of its paths. */
interface Route {
  paths: string[]
  component: string
  context: Omit<ContentPageContext, 'canonicalPath'>
  /** Its languages whose text is published first at another address (canonicalElsewhere). */
  elsewhere: ReadonlySet<string>
}

/** A listing's pages: each page of posts under each of the listing's paths. */
function listingRoutes(
  paths: string[],
  component: string,
  context: Record<string, unknown>,
  postIds: string[],
  elsewhere: ReadonlySet<string>,
): Route[] {
  const pages = pageCount(postIds.length)
  return Array.from({ length: pages }, (_, index) => ({
    paths: paths.map((base) => pagedPath(base, index + 1)),
    component,
    elsewhere,
    context: {
      ...context,
      postIds: postIds.slice(index * POSTS_PER_PAGE, (index + 1) * POSTS_PER_PAGE),
      pageNumber: index + 1,
      pageTotal: pages,
      listingPath: paths[0],
    },
  }))
}

let sitemapEntries: SitemapEntry[] = []
let pageAliases: PageAliases = {}

/**
 * Whether an item's other paths are left to the server, which answers them with the page at its
 * first path. Every post has five paths: building each one made 55,000 of the 67,000 pages of a
 * site with 1,000 posts. `gatsby develop` serves pages itself, so there every path is a page.
 */
const aliasesServed = () => process.env.gatsby_executing_command !== 'develop'

export async function createContentPages({ graphql, actions, reporter }: CreatePagesArgs) {
  const result = await graphql<PagesQuery>(`
    {
      contentSite {
        languages
      }
      allContentPage(sort: { path: ASC }) {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
          path
          hostsBlog
          hostsStore
        }
      }
      allContentPost(sort: [{ publishedAt: DESC }, { slug: ASC }]) {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
          authorId
          categoryIds
          tagIds
        }
      }
      allContentCategory {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
        }
      }
      allContentTag {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
        }
      }
      allContentAuthor {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
        }
      }
      allContentProduct {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
        }
      }
      allContentCollection {
        nodes {
          id
          contentId
          slug
          translations {
            locale
            canonicalPath
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Querying the content for pages failed', result.errors)
    return
  }
  const data = result.data
  const pages = data.allContentPage.nodes
  const posts = data.allContentPost.nodes
  const hosts: SiteHosts = {
    blogPath: pages.find((page) => page.hostsBlog)?.path ?? 'blog',
    storePath: pages.find((page) => page.hostsStore)?.path ?? 'store',
  }
  const categorySlug = new Map(data.allContentCategory.nodes.map((c) => [c.contentId, c.slug]))
  const postIdsWhere = (keep: (post: (typeof posts)[number]) => boolean) =>
    posts.filter(keep).map((post) => post.contentId)

  const routes: Route[] = [
    ...pages.flatMap((page) =>
      page.hostsBlog
        ? listingRoutes(
            [pagePath(page.path)],
            template('page'),
            { id: page.id },
            posts.map((post) => post.contentId),
            canonicalElsewhere(page),
          )
        : [
            {
              paths: [pagePath(page.path)],
              component: template('page'),
              context: { id: page.id },
              elsewhere: canonicalElsewhere(page),
            },
          ],
    ),
    ...posts.map((post) => ({
      paths: postPaths(
        hosts,
        post.slug,
        post.categoryIds.flatMap((id) => categorySlug.get(id) ?? []),
      ),
      component: template('post'),
      context: { id: post.id },
      elsewhere: canonicalElsewhere(post),
    })),
    ...data.allContentCategory.nodes.flatMap((category) =>
      listingRoutes(
        categoryPaths(hosts, category.slug),
        template('listing'),
        { id: category.id, listing: 'category' },
        postIdsWhere((post) => post.categoryIds.includes(category.contentId)),
        canonicalElsewhere(category),
      ),
    ),
    ...data.allContentTag.nodes.flatMap((tag) =>
      listingRoutes(
        [tagPath(hosts, tag.slug)],
        template('listing'),
        { id: tag.id, listing: 'tag' },
        postIdsWhere((post) => post.tagIds.includes(tag.contentId)),
        canonicalElsewhere(tag),
      ),
    ),
    ...data.allContentAuthor.nodes.flatMap((author) =>
      listingRoutes(
        [authorPath(hosts, author.slug)],
        template('listing'),
        { id: author.id, listing: 'author' },
        postIdsWhere((post) => post.authorId === author.contentId),
        canonicalElsewhere(author),
      ),
    ),
    ...data.allContentProduct.nodes.map((product) => ({
      paths: productPaths(hosts, product.contentId),
      component: template('product'),
      context: { id: product.id },
      elsewhere: canonicalElsewhere(product),
    })),
    ...data.allContentCollection.nodes.map((collection) => ({
      paths: collectionPaths(hosts, collection.slug),
      component: template('collection'),
      context: { id: collection.id },
      elsewhere: canonicalElsewhere(collection),
    })),
  ]

  // The content's pages exist in the languages the site is offered in only; the pages of
  // src/pages (the widget, the dashboard, the embedding guide, 404) keep all eleven, which the
  // i18n plugin gives them.
  const locales = offeredLocales(data.contentSite?.languages)
  sitemapEntries = []
  pageAliases = {}
  const served = aliasesServed()
  for (const route of routes) {
    const [canonicalPath = '/', ...otherPaths] = route.paths
    for (const locale of locales) {
      const page = (originalPath: string) =>
        actions.createPage(
          localizedPage(locale, originalPath, route.component, { ...route.context, canonicalPath }),
        )
      page(canonicalPath)
      for (const otherPath of otherPaths) {
        if (served) {
          pageAliases[localizedPath(locale, otherPath)] = localizedPath(locale, canonicalPath)
        } else {
          page(otherPath)
        }
      }
    }
    sitemapEntries.push(...sitemapEntriesFor(canonicalPath, locales, route.elsewhere))
  }
  reporter.info(`Content pages: ${routes.length} routes in ${locales.length} locales`)
}

/** Records the paths the server answers with another page's (server/site/page-aliases.ts). */
export async function writePageAliases({ store }: BuildArgs) {
  const publicDir = path.join(store.getState().program.directory, 'public')
  await fs.writeFile(path.join(publicDir, PAGE_ALIASES_FILE), JSON.stringify(pageAliases))
}

export async function writeContentSiteMap({ store, graphql }: BuildArgs) {
  const publicDir = path.join(store.getState().program.directory, 'public')
  const result = await graphql<SiteUrlQuery>(`
    {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `)
  const siteUrl = result.data?.site.siteMetadata.siteUrl ?? ''
  await writeSiteMapFiles(publicDir, siteUrl, sitemapEntries)
}
