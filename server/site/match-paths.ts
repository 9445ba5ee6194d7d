/** A client-only page: requests matching `matchPath` are answered with the page at `path`. */
export interface MatchPath {
  matchPath: string
  path: string
}

/** The file (beside `public/`) where the build records its client-only pages. */
export const MATCH_PATHS_FILE = '.match-paths.json'

function patternMatches(pattern: string, urlPath: string): boolean {
  const patternParts = pattern.split('/').filter(Boolean)
  const urlParts = urlPath.split('/').filter(Boolean)
  for (const [index, part] of patternParts.entries()) {
    if (part === '*' || part.startsWith('*')) return true
    const urlPart = urlParts[index]
    if (urlPart === undefined) return false
    if (!part.startsWith(':') && part !== urlPart) return false
  }
  return patternParts.length === urlParts.length
}

/** How many leading segments are literal: the more, the more specific the pattern. */
function specificity(pattern: string): number {
  const parts = pattern.split('/').filter(Boolean)
  const firstDynamic = parts.findIndex((part) => part.startsWith(':') || part.startsWith('*'))
  return firstDynamic === -1 ? parts.length + 1 : firstDynamic
}

/** Finds the client-only page for a URL path, preferring the most specific pattern, as Gatsby does. */
export function findMatchPath(urlPath: string, entries: MatchPath[]): MatchPath | undefined {
  return [...entries]
    .sort((a, b) => specificity(b.matchPath) - specificity(a.matchPath))
    .find((entry) => patternMatches(entry.matchPath, urlPath))
}
