import { sitemapEntriesFor, sitemapXml } from './site-map'

describe('the sitemap', () => {
  it('lists an item in each language with the others as alternates', () => {
    expect(sitemapEntriesFor('/journal/b/knee/', ['de', 'en'])).toEqual([
      {
        path: '/de/journal/b/knee/',
        alternates: [
          { hreflang: 'de', path: '/de/journal/b/knee/' },
          { hreflang: 'en-US', path: '/en/journal/b/knee/' },
        ],
      },
      {
        path: '/en/journal/b/knee/',
        alternates: [
          { hreflang: 'de', path: '/de/journal/b/knee/' },
          { hreflang: 'en-US', path: '/en/journal/b/knee/' },
        ],
      },
    ])
  })

  it('leaves out a language whose text is published first at another address', () => {
    const entries = sitemapEntriesFor('/journal/b/knee/', ['de', 'en', 'fr'], new Set(['en']))
    expect(entries.map((entry) => entry.path)).toEqual([
      '/de/journal/b/knee/',
      '/fr/journal/b/knee/',
    ])
    expect(entries[0]!.alternates.map((alternate) => alternate.path)).toEqual([
      '/de/journal/b/knee/',
      '/fr/journal/b/knee/',
    ])
    const xml = sitemapXml('https://clinic.example', entries)
    expect(xml).not.toContain('/en/journal/b/knee/')
    expect(xml).toContain('<loc>https://clinic.example/fr/journal/b/knee/</loc>')
  })
})
