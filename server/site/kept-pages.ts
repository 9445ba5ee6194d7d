import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { FastifyRequest } from 'fastify'
import { EncodedText } from '../encoded-json'
import { inlineScriptHashes } from './inline-scripts'

/** What a served page claims to be, so that Gatsby's client renders it where it is served. */
export interface Claim {
  /**
   * The HTML's `window.pagePath`: Gatsby's client navigates to it when it is not the URL's
   * path, unless it is the root 404's.
   */
  pagePath: string
  /** Fields of the data: Gatsby's router renders a page at its `path` or `matchPath` only. */
  data: Record<string, string>
}

export type PageFile = 'html' | 'json'

/**
 * A built page or page data as the server sends it from memory rather than from its file: an
 * alias's or a locale 404's, rewritten to claim another path (server/site/site-files.ts), or a
 * page sent whole under a 404 status. Made once per build of its file and kept, with what a file
 * sent from disk has: its encodings, made once each, and validators.
 */
export interface KeptPage {
  /** The built file it was made from. */
  file: string
  type: PageFile
  body: EncodedText
  /** Weak, as each encoding is a representation of its own: a hash of the text. */
  etag: string
  /** The built file's. */
  lastModified: string
  /** The sha256 hashes of the HTML's inline scripts as rewritten, for its policy. */
  scriptHashes: string[]
}

function rewrite(text: string, type: PageFile, claim: Claim | undefined): string {
  if (!claim) return text
  return type === 'html'
    ? text.replace(/window\.pagePath="[^"]*"/, `window.pagePath=${JSON.stringify(claim.pagePath)}`)
    : JSON.stringify({ ...JSON.parse(text), ...claim.data })
}

/*
 * The demo's post page is 32 KB (8 KB in brotli), its data 19 KB (6 KB): a thousand kept pages
 * hold about 40 MB. A site with more aliases than that keeps the most recently sent ones.
 */
const MAX_PAGES = 1_000

/**
 * Returns a reader of the pages the server sends from memory (see KeptPage), which makes a page
 * again only when a build or a release replaced its file (a release is a new copy, so a new
 * inode); undefined when the file is not there.
 */
export function keptPagesReader(
  maxPages = MAX_PAGES,
): (file: string, type: PageFile, claim?: Claim) => Promise<KeptPage | undefined> {
  const cache = new Map<string, { version: string; page: KeptPage }>()
  return async (file, type, claim) => {
    const stat = await fs.stat(file).catch(() => undefined)
    if (!stat?.isFile()) return undefined
    const version = `${stat.ino}:${stat.mtimeMs}:${stat.size}`
    const key = `${file}\0${type}\0${JSON.stringify(claim ?? null)}`
    const cached = cache.get(key)
    // Taken out and put back: the least recently sent page is the first to go.
    cache.delete(key)
    if (cached?.version === version) {
      cache.set(key, cached)
      return cached.page
    }
    const built = await fs.readFile(file, 'utf8').catch(() => undefined)
    if (built === undefined) return undefined
    const text = rewrite(built, type, claim)
    const page: KeptPage = {
      file,
      type,
      body: new EncodedText(text),
      etag: `W/"${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
      lastModified: stat.mtime.toUTCString(),
      scriptHashes: type === 'html' ? inlineScriptHashes(text) : [],
    }
    cache.set(key, { version, page })
    const oldest = cache.keys().next().value
    if (cache.size > maxPages && oldest !== undefined) cache.delete(oldest)
    return page
  }
}

/** The tokens of a list header (If-None-Match), each trimmed. */
const tokens = (header: string) => header.split(',').map((token) => token.trim())

/**
 * Whether the client's copy of `page` is current (a 304 may answer), by the rules a file sent
 * from disk follows (@fastify/send): If-None-Match, compared weakly, wins over
 * If-Modified-Since; a request that asks for no cached copy gets the page.
 */
export function isFresh(request: FastifyRequest, page: KeptPage): boolean {
  const { headers } = request
  if (/\bno-cache\b/.test(headers['cache-control'] ?? '')) return false
  const ifNoneMatch = headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    const weak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag)
    return tokens(ifNoneMatch).some((tag) => tag === '*' || weak(tag) === weak(page.etag))
  }
  const ifModifiedSince = headers['if-modified-since']
  if (ifModifiedSince === undefined) return false
  return Date.parse(page.lastModified) <= Date.parse(ifModifiedSince)
}
