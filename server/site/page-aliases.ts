/**
 * An item with several paths (a post under /b/, /post/ and its categories' paths, a listing under
 * /c/ and /category/) is built once per locale, at its first path. The build records each of its
 * other paths, locale included, with the path of the page that shows it; the server answers an
 * alias with that page (site-files.ts).
 */
export type PageAliases = Record<string, string>

/** The file (beside `public/`, hidden from it) where the build records the aliases. */
export const PAGE_ALIASES_FILE = '.page-aliases.json'
