import { createContentResolvers } from './content-schema'

type Resolve = (
  source: object,
  args: { forLocale?: string | null },
  context: object,
) => Promise<{ locale: string }[]>

function resolvers(): Record<string, { translations: { args: object; resolve: Resolve } }> {
  let created = {}
  const create = createContentResolvers as unknown as (args: object) => void
  create({ createResolvers: (value: object) => (created = value) })
  return created as ReturnType<typeof resolvers>
}

const all = ['de', 'en', 'fr'].map((locale) => ({ locale, title: locale }))
const siteIn = (defaultLocale: string) => ({
  nodeModel: { findOne: async () => ({ defaultLocale }) },
})

describe('translations(forLocale)', () => {
  it('narrows every content type to the page language and the site default', async () => {
    const types = resolvers()
    expect(Object.keys(types)).toContain('ContentPost')
    const { resolve } = types.ContentPost!.translations
    const kept = await resolve({ translations: all }, { forLocale: 'fr' }, siteIn('en'))
    expect(kept.map((t) => t.locale)).toEqual(['en', 'fr'])
    const fallback = await resolve({ translations: all }, { forLocale: 'pl' }, siteIn('de'))
    expect(fallback.map((t) => t.locale)).toEqual(['de'])
  })

  it('uses the site’s own default on the site, and keeps all without forLocale', async () => {
    const { resolve } = resolvers().ContentSite!.translations
    const site = { translations: all, defaultLocale: 'fr' }
    const kept = await resolve(site, { forLocale: 'pl' }, siteIn('en'))
    expect(kept.map((t) => t.locale)).toEqual(['fr'])
    expect(await resolve(site, {}, siteIn('en'))).toEqual(all)
  })
})
