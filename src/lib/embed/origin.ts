// A developer's own machine serves over plain http; anywhere else a host page is https.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether `text` is an origin a provider may list for framing its widget: `https://host[:port]`,
 * or `http://` on loopback, exactly as browsers write it (lowercase, no path, no trailing slash),
 * since frame-ancestors compares it with the host page's origin. The server's schema and the
 * dashboard's Embedding screen both check with it.
 */
export function isEmbedOrigin(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  if (url.origin !== text) return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
}
