import crypto from 'node:crypto'
import fs from 'node:fs/promises'

// The HTML parser ends a script at the first `</script`, whatever the script says; so does this.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi
const SRC = /(^|\s)src\s*=/i
const TYPE = /(?:^|\s)type\s*=\s*["']?([^"'\s>]*)/i
// A script of another type (JSON-LD) is a data block: never run, so no policy asks for it.
const RUN_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i

/**
 * The sha256 hashes (base64) of a page's inline scripts, as a Content-Security-Policy lists them:
 * Gatsby's (page path, chunk mapping, compilation hash), gatsby-plugin-image's and the consent
 * script of gatsby-ssr.tsx. They are read from the HTML as it is served, so the locale 404 pages
 * the server rewrites (server/site/site-files.ts) are hashed as rewritten.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes) || !RUN_TYPES.test(TYPE.exec(attributes)?.[1] ?? '')) continue
    // The browser hashes the text after its parser turned CRLF and CR into LF.
    const source = text.replace(/\r\n?/g, '\n')
    hashes.add(crypto.createHash('sha256').update(source).digest('base64'))
  }
  return [...hashes]
}

// About 300 bytes each; a site of tens of thousands of pages keeps its most recent ones.
const MAX_PAGES = 10_000

/**
 * Returns a reader of a built page's inline script hashes that reads the page again only when a
 * build or a release replaced it. Read where they are served rather than listed by the build, so
 * they can never disagree with the page: whatever built the site, and however it was copied.
 */
export function scriptHashesReader(): (file: string) => Promise<string[]> {
  const cache = new Map<string, { version: string; hashes: string[] }>()
  return async (file) => {
    const stat = await fs.stat(file)
    const version = `${stat.mtimeMs}:${stat.size}`
    const cached = cache.get(file)
    if (cached?.version === version) return cached.hashes
    const hashes = inlineScriptHashes(await fs.readFile(file, 'utf8'))
    cache.delete(file)
    cache.set(file, { version, hashes })
    const oldest = cache.keys().next().value
    if (cache.size > MAX_PAGES && oldest !== undefined) cache.delete(oldest)
    return hashes
  }
}
