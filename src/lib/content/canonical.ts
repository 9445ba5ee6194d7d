/**
 * A translation's canonical address (`canonicalPath`): where search engines are to find the text
 * as its original, when the same text is published elsewhere first. '' leaves the item's own URL;
 * else a path on this site (`/en/journal/b/other-post/`, with its locale) or an https address on
 * another. The content API, the studio and the site's head share these rules.
 */

export const MAX_CANONICAL_LENGTH = 1000

// A path's characters as RFC 3986 has them (others percent-encoded), and never `//`, which a
// browser reads as another host. A page of this site has no query nor fragment.
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/
// No user name, no spaces, no fragment: the address as a search engine is to list it.
const HTTPS = /^https:\/\/[^\s\\/?#@]+(?:[/?][^\s\\#]*)?$/

export function isCanonicalAddress(text: string): boolean {
  if (text.length > MAX_CANONICAL_LENGTH) return false
  if (SITE_PATH.test(text)) return true
  if (!HTTPS.test(text)) return false
  try {
    return new URL(text).hostname !== ''
  } catch {
    return false
  }
}

/** The canonical URL a page declares, given the translation's `canonicalPath` (not ''). */
export const canonicalUrl = (siteUrl: string, canonicalPath: string): string =>
  canonicalPath.startsWith('/') ? `${siteUrl}${canonicalPath}` : canonicalPath
