import fs from 'node:fs/promises'
import path from 'node:path'
import { languageTagOf, localizedPath, type Locale } from '../../lib/locale/locales'

export interface SitemapEntry {
  path: string
  alternates: { hreflang: string; path: string }[]
}

/**
 * One item's entries: its page in each of the site's `locales` with the others as alternates.
 * A language whose text names a canonical address of its own (published first elsewhere,
 * `elsewhere`) is left out of both: a sitemap lists canonical URLs, and search engines take the
 * page's canonical link for it.
 */
export function sitemapEntriesFor(
  canonicalPath: string,
  locales: readonly Locale[],
  elsewhere: ReadonlySet<string> = new Set(),
): SitemapEntry[] {
  const listed = locales.filter((locale) => !elsewhere.has(locale))
  return listed.map((locale) => ({
    path: localizedPath(locale, canonicalPath),
    alternates: listed.map((other) => ({
      hreflang: languageTagOf(other),
      path: localizedPath(other, canonicalPath),
    })),
  }))
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** sitemap.xml of the canonical URLs, each with its other-language alternates. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = entry.alternates
      .map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(siteUrl + alt.path)}"/>`,
      )
      .join('\n')
    return `  <url>\n    <loc>${escapeXml(siteUrl + entry.path)}</loc>\n${links}\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    // Booking flows and draft previews are not content; `*` covers every locale prefix.
    'Disallow: /*/widget/',
    'Disallow: /*/v2/preview/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

export async function writeSiteMapFiles(
  publicDir: string,
  siteUrl: string,
  entries: readonly SitemapEntry[],
) {
  await fs.writeFile(path.join(publicDir, 'sitemap.xml'), sitemapXml(siteUrl, entries))
  await fs.writeFile(path.join(publicDir, 'robots.txt'), robotsTxt(siteUrl))
}
