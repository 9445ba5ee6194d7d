import fs from 'node:fs/promises'
import path from 'node:path'
import type { BuildArgs } from 'gatsby'
import { MATCH_PATHS_FILE, type MatchPath } from '../../server/site/match-paths'

interface SitePageNode {
  path: string
  matchPath?: string | null
}

/**
 * Records the client-only pages (the widget, previews) beside the built site, so the production
 * server can answer `/widget/...` with the page that hydrates it. The 404 pages' catch-alls are
 * left out: the server answers unknown paths with the 404 page itself, under a real 404 status.
 */
export async function writeMatchPathsManifest({ getNodesByType, store }: BuildArgs) {
  const publicDir = path.join(store.getState().program.directory, 'public')
  const entries: MatchPath[] = (getNodesByType('SitePage') as unknown as SitePageNode[])
    .filter((page): page is SitePageNode & { matchPath: string } => Boolean(page.matchPath))
    .filter((page) => !/\/404\/?$/.test(page.path))
    .map((page) => ({ matchPath: page.matchPath, path: page.path }))
  await fs.writeFile(path.join(publicDir, MATCH_PATHS_FILE), JSON.stringify(entries, null, 2))
}
