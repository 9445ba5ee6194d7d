import fs from 'node:fs/promises'
import path from 'node:path'
import { isLocale } from '../../src/lib/locale/locales'
import { FIRST_STEP_FOLDER, firstStepBuildPath } from '../../src/widgets/appointment/first-step'
import type { Claim, KeptPage, keptPagesReader, PageFile } from './kept-pages'
import { findMatchPath, MATCH_PATHS_FILE, type MatchPath } from './match-paths'
import { PAGE_ALIASES_FILE, type PageAliases } from './page-aliases'

/** What the server answers for one GET of the site. */
export type SiteAnswer =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'page'; page: KeptPage; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-built' }
  | { kind: 'not-found' }

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isFile() ?? false
}

/** What the build recorded beside the site for the server. */
export interface SiteManifests {
  /** The client-only pages. */
  matchPaths: MatchPath[]
  /** The paths answered with another path's page. */
  aliases: PageAliases
}

/**
 * Returns a reader of a file the build writes beside the site that re-reads it only when a
 * rebuild replaced it; `empty` while the site is not built.
 */
function builtFileReader<T>(file: string, empty: T): () => Promise<T> {
  let cached: { mtimeMs: number; value: T } | undefined
  return async () => {
    const stat = await fs.stat(file).catch(() => undefined)
    if (!stat) return empty
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, value: JSON.parse(await fs.readFile(file, 'utf8')) }
    }
    return cached.value
  }
}

/** Returns a reader of the built site's manifests (see `builtFileReader`). */
export function manifestsReader(publicDir: string): () => Promise<SiteManifests> {
  const readMatchPaths = builtFileReader<MatchPath[]>(path.join(publicDir, MATCH_PATHS_FILE), [])
  const readAliases = builtFileReader<PageAliases>(path.join(publicDir, PAGE_ALIASES_FILE), {})
  return async () => ({ matchPaths: await readMatchPaths(), aliases: await readAliases() })
}

/** A page's data file: the page's path (group 1) and its first segment, the locale (group 2). */
const PAGE_DATA = /^\/page-data(\/([^/]+)\/.+\/)page-data\.json$/

/** Where the server reads the pages it sends from memory (server/site/kept-pages.ts). */
export type ReadPage = ReturnType<typeof keptPagesReader>

/**
 * The HTML or the data of the page built at `builtPath`, rewritten to make `claim`; undefined
 * when that page was not built.
 */
async function builtPageClaiming(
  publicDir: string,
  readPage: ReadPage,
  builtPath: string,
  kind: PageFile,
  claim: Claim,
  status: 200 | 404,
): Promise<SiteAnswer | undefined> {
  const file =
    kind === 'html'
      ? path.join(publicDir, builtPath, 'index.html')
      : path.join(publicDir, 'page-data', builtPath, 'page-data.json')
  const page = await readPage(file, kind, claim)
  return page && { kind: 'page', page, status }
}

/**
 * The page an alias shows, as if built at the alias: its HTML and its data claim the alias as
 * their path, so Gatsby's client hydrates it and navigates to it like any other page.
 */
function aliasedPage(
  publicDir: string,
  readPage: ReadPage,
  pathname: string,
  aliases: PageAliases,
): Promise<SiteAnswer | undefined> {
  const dataOf = PAGE_DATA.exec(pathname)?.[1]
  const pagePath = dataOf ?? pathname
  const shown = Object.hasOwn(aliases, pagePath) ? aliases[pagePath] : undefined
  if (shown === undefined) return Promise.resolve(undefined)
  const kind = dataOf === undefined ? 'html' : 'json'
  const claim = { pagePath, data: { path: pagePath } }
  return builtPageClaiming(publicDir, readPage, shown, kind, claim, 200)
}

/*
 * The locale 404 pages have no catch-all match path in the build (src/gatsby/localized-pages.ts:
 * it put every static page into app.js). Without it, Gatsby's client would navigate from a 404
 * served for another path to the page's own path (`/de/404/`), and, asked for the data of a
 * missing page, fall back to the root 404 in the default language. So the server gives back
 * what the catch-all gave: the HTML claims the root 404's path (which Gatsby leaves where it is),
 * and the data of a missing page of a locale is that locale's 404 page with the catch-all as its
 * match path (which Gatsby renders at the visitor's URL).
 */
function localeNotFound(
  publicDir: string,
  readPage: ReadPage,
  locale: string,
  kind: PageFile,
): Promise<SiteAnswer | undefined> {
  const claim = { pagePath: '/404.html', data: { matchPath: `/${locale}/*` } }
  // 200 for the data: Gatsby's loader reads the data of a 200 only, and falls back otherwise.
  const status = kind === 'json' ? 200 : 404
  return builtPageClaiming(publicDir, readPage, `/${locale}/404/`, kind, claim, status)
}

/** The 404 page in the visitor's language when the path starts with a built locale. */
export async function notFoundPage(
  publicDir: string,
  readPage: ReadPage,
  pathname: string,
): Promise<SiteAnswer> {
  const dataLocale = PAGE_DATA.exec(pathname)?.[2]
  const pageLocale = pathname.split('/')[1]
  const answer =
    dataLocale !== undefined
      ? isLocale(dataLocale) && (await localeNotFound(publicDir, readPage, dataLocale, 'json'))
      : pageLocale &&
        isLocale(pageLocale) &&
        (await localeNotFound(publicDir, readPage, pageLocale, 'html'))
  if (answer) return answer
  const root = path.join(publicDir, '404.html')
  if (await isFile(root)) return { kind: 'file', file: root, status: 404 }
  return { kind: 'not-found' }
}

/**
 * A page of the site sent under a 404 status, from memory: sent as a file, a browser's
 * revalidation of the same page it once had with a 200 would get back an empty 304 made a 404.
 */
export async function withNotFoundStatus(
  answer: SiteAnswer,
  readPage: ReadPage,
): Promise<SiteAnswer> {
  if (answer.kind !== 'file') return answer
  const page = await readPage(answer.file, 'html')
  return page ? { kind: 'page', page, status: 404 } : { kind: 'not-found' }
}

/**
 * The widget path `pathname`'s page built with its first step (src/gatsby/create-pages/widget.ts),
 * sent at the widget path with or without its trailing slash (the spec's paths have none): its
 * HTML claims the client-only widget page's path, which Gatsby's client renders at any widget
 * path, and that page reads the first step from the HTML (carried-first-step.tsx). Undefined when
 * the build made none for the path.
 */
async function widgetFirstStep(
  publicDir: string,
  readPage: ReadPage,
  pathname: string,
  matchPaths: MatchPath[],
): Promise<SiteAnswer | undefined> {
  const builtAt = firstStepBuildPath(pathname)
  const clientOnly = builtAt && findMatchPath(pathname, matchPaths)
  if (!clientOnly) return undefined
  const claim = { pagePath: clientOnly.path, data: {} }
  return builtPageClaiming(publicDir, readPage, builtAt, 'html', claim, 200)
}

/** A decoded path as a Location header can carry it: every segment percent-encoded again. */
const encodePath = (pathname: string) => pathname.split('/').map(encodeURIComponent).join('/')

/**
 * Maps a decoded URL path to a file of the built site: the file itself, a folder's index.html,
 * the page an alias shows, a widget path's built first step (but for a reschedule link, whose
 * booking's services only the API knows: `query`), a client-only page through its match path,
 * or the 404 page. Hidden files, the first steps' own folder and paths that try to leave
 * `publicDir` are never served.
 */
export async function resolveSitePath(
  publicDir: string,
  pathname: string,
  { matchPaths, aliases }: SiteManifests,
  readPage: ReadPage,
  query = new URLSearchParams(),
): Promise<SiteAnswer> {
  if (!(await isFile(path.join(publicDir, 'index.html')))) return { kind: 'not-built' }
  const segments = pathname.split('/')
  if (
    segments.some((segment) => segment.startsWith('.') || segment.includes('\\')) ||
    (isLocale(segments[1] ?? '') && segments[2] === FIRST_STEP_FOLDER)
  ) {
    return notFoundPage(publicDir, readPage, pathname)
  }
  if (!query.has('reschedule')) {
    const firstStep = await widgetFirstStep(publicDir, readPage, pathname, matchPaths)
    if (firstStep) return firstStep
  }
  const target = path.join(publicDir, pathname)
  if (pathname.endsWith('/')) {
    const index = path.join(target, 'index.html')
    if (await isFile(index)) return { kind: 'file', file: index, status: 200 }
  } else if (await isFile(target)) {
    return { kind: 'file', file: target, status: 200 }
  } else if (
    (await isFile(path.join(target, 'index.html'))) ||
    Object.hasOwn(aliases, `${pathname}/`)
  ) {
    return { kind: 'redirect', location: `${encodePath(pathname)}/` }
  }
  const aliased = await aliasedPage(publicDir, readPage, pathname, aliases)
  if (aliased) return aliased
  const match = findMatchPath(pathname, matchPaths)
  if (match) {
    const page = path.join(publicDir, match.path, 'index.html')
    if (await isFile(page)) return { kind: 'file', file: page, status: 200 }
  }
  return notFoundPage(publicDir, readPage, pathname)
}
