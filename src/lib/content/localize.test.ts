import { localize } from './localize'
import type { SiteTranslation, Translation } from './types'

const translation = (locale: Translation['locale'], title: string): Translation => ({
  locale,
  title,
  body: '',
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
})

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
