/**
 * Where each content item lives on the site (spec §2 "Site pages"): every path of an item, the
 * canonical one first. The build names its pages with these and the templates link with them;
 * they are kept apart from the route shapes (site-routes.ts), which only the server, the 404 page
 * and the preview need, so a content page's scripts carry only these. Paths carry no locale
 * prefix; `localizedPath` adds it.
 */

/** The pages that host the blog and the store: the `:path` of their routes. */
export interface SiteHosts {
  blogPath: string
  storePath: string
}

export const POSTS_PER_PAGE = 6

/** Listing pages after the first live under `{base}page/{n}/`. */
export function pagedPath(base: string, pageNumber: number): string {
  return pageNumber <= 1 ? base : `${base}page/${pageNumber}/`
}

export function pageCount(items: number, perPage = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(items / perPage))
}

export const pagePath = (path: string) => `/${path}/`

/** Every path of a post: the canonical one first, then its alternatives. */
export function postPaths(hosts: SiteHosts, slug: string, categorySlugs: string[]): string[] {
  return [
    `/${hosts.blogPath}/b/${slug}/`,
    `/b/${slug}/`,
    `/post/${slug}/`,
    ...categorySlugs.flatMap((category) => [
      `/${hosts.blogPath}/c/${category}/b/${slug}/`,
      `/c/${category}/b/${slug}/`,
    ]),
  ]
}

export function categoryPaths(hosts: SiteHosts, slug: string): string[] {
  return [`/${hosts.blogPath}/c/${slug}/`, `/c/${slug}/`, `/${hosts.blogPath}/category/${slug}/`]
}

export const authorPath = (hosts: SiteHosts, slug: string) => `/${hosts.blogPath}/author/${slug}/`

export const tagPath = (hosts: SiteHosts, slug: string) => `/${hosts.blogPath}/tag/${slug}/`

export function productPaths(hosts: SiteHosts, id: string): string[] {
  return [`/${hosts.storePath}/product/${id}/`, `/product/${id}/`]
}

export function collectionPaths(hosts: SiteHosts, slug: string): string[] {
  return [`/${hosts.storePath}/collections/${slug}/`, `/collections/${slug}/`]
}
