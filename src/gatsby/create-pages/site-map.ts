import fs from 'node:fs/promises'
import path from 'node:path'

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** sitemap.xml of the canonical URLs, each with its other-language alternates. */
export function sitemapXml(
  siteUrl: string,
  entries: { path: string; alternates: { hreflang: string; path: string }[] }[],
): string {
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
  entries: Parameters<typeof sitemapXml>[1],
) {
  await fs.writeFile(path.join(publicDir, 'sitemap.xml'), sitemapXml(siteUrl, entries))
  await fs.writeFile(path.join(publicDir, 'robots.txt'), robotsTxt(siteUrl))
}
