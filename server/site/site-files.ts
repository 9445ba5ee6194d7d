import fs from 'node:fs/promises'
import path from 'node:path'
import { findMatchPath, MATCH_PATHS_FILE, type MatchPath } from './match-paths'

/** What the server answers for one GET of the site. */
export type SiteAnswer =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-built' }
  | { kind: 'not-found' }

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isFile() ?? false
}

/**
 * Returns a reader of the built site's client-only pages that re-reads them only when a rebuild
 * replaced the file; none while the site is not built.
 */
export function matchPathsReader(publicDir: string): () => Promise<MatchPath[]> {
  const file = path.join(publicDir, MATCH_PATHS_FILE)
  let cached: { mtimeMs: number; entries: MatchPath[] } | undefined
  return async () => {
    const stat = await fs.stat(file).catch(() => undefined)
    if (!stat) return []
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, entries: JSON.parse(await fs.readFile(file, 'utf8')) }
    }
    return cached.entries
  }
}

/** The 404 page in the visitor's language when the path starts with a built locale. */
export async function notFoundPage(publicDir: string, pathname: string): Promise<SiteAnswer> {
  const firstSegment = pathname.split('/')[1]
  const candidates = [
    firstSegment ? path.join(publicDir, firstSegment, '404', 'index.html') : undefined,
    path.join(publicDir, '404.html'),
  ]
  for (const candidate of candidates) {
    if (candidate && (await isFile(candidate)))
      return { kind: 'file', file: candidate, status: 404 }
  }
  return { kind: 'not-found' }
}

/** A decoded path as a Location header can carry it: every segment percent-encoded again. */
const encodePath = (pathname: string) => pathname.split('/').map(encodeURIComponent).join('/')

/**
 * Maps a decoded URL path to a file of the built site: the file itself, a folder's index.html,
 * a client-only page through its match path, or the 404 page. Hidden files and paths that try
 * to leave `publicDir` are never served.
 */
export async function resolveSitePath(
  publicDir: string,
  pathname: string,
  matchPaths: MatchPath[],
): Promise<SiteAnswer> {
  if (!(await isFile(path.join(publicDir, 'index.html')))) return { kind: 'not-built' }
  const segments = pathname.split('/')
  if (segments.some((segment) => segment.startsWith('.') || segment.includes('\\'))) {
    return notFoundPage(publicDir, pathname)
  }
  const target = path.join(publicDir, pathname)
  if (pathname.endsWith('/')) {
    const index = path.join(target, 'index.html')
    if (await isFile(index)) return { kind: 'file', file: index, status: 200 }
  } else if (await isFile(target)) {
    return { kind: 'file', file: target, status: 200 }
  } else if (await isFile(path.join(target, 'index.html'))) {
    return { kind: 'redirect', location: `${encodePath(pathname)}/` }
  }
  const match = findMatchPath(pathname, matchPaths)
  if (match) {
    const page = path.join(publicDir, match.path, 'index.html')
    if (await isFile(page)) return { kind: 'file', file: page, status: 200 }
  }
  return notFoundPage(publicDir, pathname)
}
