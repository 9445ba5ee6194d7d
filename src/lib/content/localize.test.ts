import fc from 'fast-check'
import { LOCALES } from '../locale/locales'
import { translation } from '../testing/content'
import { propertyRuns } from '../testing/properties'
import { localize, translationsFor } from './localize'
import type { SiteTranslation } from './types'

const translations = [translation('en', 'Knee pain'), translation('de', 'Knieschmerzen')]

describe('localize', () => {
  it("gives the visitor's locale when it has a translation", () => {
    expect(localize(translations, 'de')).toEqual({ ...translations[1], fallback: false })
    expect(localize(translations, 'en')).toEqual({ ...translations[0], fallback: false })
  })

  it("falls back to the default locale's translation, and says so", () => {
    expect(localize(translations, 'fr')).toEqual({ ...translations[0], fallback: true })
  })

  it('honours another default locale, then takes any translation there is', () => {
    expect(localize(translations, 'fr', 'de').title).toBe('Knieschmerzen')
    expect(localize([translation('it', 'Ginocchio')], 'fr')).toMatchObject({
      title: 'Ginocchio',
      fallback: true,
    })
  })

  it('works for site translations too', () => {
    const site: SiteTranslation[] = [
      { locale: 'en', siteName: 'Harbor Physio', cookieBannerText: 'Cookies' },
    ]
    expect(localize(site, 'de')).toMatchObject({ siteName: 'Harbor Physio', fallback: true })
  })

  it('refuses an item without any translation', () => {
    expect(() => localize([], 'en')).toThrow(/without any translation/)
  })
})

describe('translationsFor', () => {
  const locale = fc.constantFrom(...LOCALES)

  it('keeps what localize would choose, for any translations, language and default', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(locale, { maxLength: LOCALES.length }),
        locale,
        locale,
        (locales, wanted, defaultLocale) => {
          const all = locales.map((l) => translation(l, `title ${l}`))
          const kept = translationsFor(all, wanted, defaultLocale)
          expect(kept.length).toBeLessThanOrEqual(2)
          if (all.length === 0) expect(kept).toEqual([])
          else
            expect(localize(kept, wanted, defaultLocale)).toEqual(
              localize(all, wanted, defaultLocale),
            )
        },
      ),
      propertyRuns(100, 20300304),
    )
  })

  it('drops the languages the page does not show', () => {
    const all = (['de', 'en', 'fr', 'pl'] as const).map((l) => translation(l, l))
    expect(translationsFor(all, 'pl', 'en').map((t) => t.locale)).toEqual(['en', 'pl'])
    expect(translationsFor(all, 'it', 'fr').map((t) => t.locale)).toEqual(['fr'])
    expect(translationsFor(all.slice(2), 'it', 'en').map((t) => t.locale)).toEqual(['fr'])
  })
})
