import type { Product } from '../../lib/content/types'
import type { StudioItem } from '../../lib/admin/content-types'
import { productTranslation, translation } from '../../lib/testing/content'
import { aboutPage, kneePost } from '../screen-fixtures'
import {
  changesOf,
  createBody,
  cut,
  newItemValues,
  validate,
  valuesOf,
  writtenLocales,
  type TranslationValues,
} from './item-form'

const nothing = (): TranslationValues => ({
  title: '',
  body: '',
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
  canonicalPath: '',
  socialImage: { name: '', alt: '' },
  pickUpText: '',
})

const band: StudioItem<Product> = {
  ...kneePost,
  id: 'band',
  slug: 'band',
  price: { amount: 1250, currency: 'EUR' },
  images: [],
  translations: [productTranslation('en', 'Resistance band')],
}

describe('the content editor’s values', () => {
  it('hold a product’s price as typed, and give it back in minor units', () => {
    const values = valuesOf('products', band)
    expect(values.price).toBe('12.50')
    expect(createBody('products', { ...values, price: '13,5' })).toMatchObject({
      price: { amount: 1350, currency: 'EUR' },
    })
  })

  it('hold an item’s images by their media names, and send them back as they were', () => {
    const covered = {
      ...kneePost,
      coverImage: {
        url: 'http://x/api/content/media/knee.jpg',
        alt: 'A knee',
        width: 4,
        height: 3,
      },
    }
    const values = valuesOf('posts', covered)
    expect(values.coverImage).toEqual({ name: 'knee.jpg', alt: 'A knee' })
    expect(changesOf('posts', covered, values)).toEqual({})
    expect(changesOf('posts', covered, { ...values, coverImage: { name: '', alt: '' } })).toEqual({
      coverImage: null,
      version: 1,
    })
    const withImages = { ...band, images: [covered.coverImage] }
    expect(createBody('products', valuesOf('products', withImages))).toMatchObject({
      images: [{ name: 'knee.jpg', alt: 'A knee' }],
    })
  })

  it('change nothing when nothing was typed, and only what was otherwise', () => {
    const values = valuesOf('pages', aboutPage)
    expect(changesOf('pages', aboutPage, values)).toEqual({})
    const changed = {
      ...values,
      menu: 'footer' as const,
      translations: {
        ...values.translations,
        fr: { ...nothing(), title: 'Le cabinet' },
      },
    }
    expect(changesOf('pages', aboutPage, changed)).toEqual({
      menu: 'footer',
      version: 3,
      translations: [
        {
          locale: 'fr',
          title: 'Le cabinet',
          body: '',
          excerpt: '',
          seoTitle: '',
          seoDescription: '',
          canonicalPath: '',
          socialImage: null,
        },
      ],
    })
  })

  it('send only the languages written in, the default one always', () => {
    const values = newItemValues('tags')
    values.translations.de = nothing()
    expect(writtenLocales(values)).toEqual(['en'])
    expect(createBody('tags', values)).toEqual({
      slug: '',
      status: 'draft',
      translations: [
        {
          locale: 'en',
          title: '',
          body: '',
          excerpt: '',
          seoTitle: '',
          seoDescription: '',
          canonicalPath: '',
          socialImage: null,
        },
      ],
    })
  })

  it('hold a language’s canonical address and social image, and send them back as they were', () => {
    const page = {
      ...aboutPage,
      translations: [
        {
          ...translation('en', 'About'),
          canonicalPath: '/en/journal/b/about-us/',
          socialImage: {
            url: 'http://x/api/content/media/team.jpg',
            alt: 'The team',
            width: 4,
            height: 3,
          },
        },
      ],
    }
    const values = valuesOf('pages', page)
    expect(values.translations.en).toMatchObject({
      canonicalPath: '/en/journal/b/about-us/',
      socialImage: { name: 'team.jpg', alt: 'The team' },
    })
    expect(changesOf('pages', page, values)).toEqual({})
    const cleared = {
      ...values,
      translations: {
        en: { ...values.translations.en!, canonicalPath: ' ', socialImage: { name: '', alt: '' } },
      },
    }
    expect(changesOf('pages', page, cleared).translations).toMatchObject([
      { locale: 'en', canonicalPath: '', socialImage: null },
    ])
  })

  it('count a language with only an image chosen as written, needing its title', () => {
    const values = newItemValues('pages')
    values.translations.de = { ...nothing(), socialImage: { name: 'team.jpg', alt: 'Das Team' } }
    expect(writtenLocales(values)).toEqual(['de', 'en'])
    expect(validate('pages', values, { slugs: [], paths: [] }).translations).toMatchObject({
      de: { title: 'admin.contentEditor.titleNeeded' },
    })
  })

  it('hold a product’s pick-up text per language, and send it trimmed for products alone', () => {
    const product = {
      ...band,
      translations: [
        productTranslation('de', 'Widerstandsband', 'An der Rezeption abholen.'),
        productTranslation('en', 'Resistance band'),
      ],
    }
    const values = valuesOf('products', product)
    expect(values.translations.de?.pickUpText).toBe('An der Rezeption abholen.')
    expect(values.translations.en?.pickUpText).toBe('')
    expect(changesOf('products', product, values)).toEqual({})
    const typed = {
      ...values,
      translations: {
        ...values.translations,
        en: { ...values.translations.en!, pickUpText: '  Collect it at the desk.\nAny day.  ' },
      },
    }
    expect(changesOf('products', product, typed)).toEqual({
      version: 1,
      translations: [
        {
          locale: 'en',
          title: 'Resistance band',
          body: '',
          excerpt: '',
          seoTitle: '',
          seoDescription: '',
          canonicalPath: '',
          socialImage: null,
          pickUpText: 'Collect it at the desk.\nAny day.',
        },
      ],
    })
    // A revision kept before products had one holds none: an empty text, as a save gives it.
    const { pickUpText: _none, ...kept } = productTranslation('en', 'Resistance band')
    expect(
      valuesOf('products', { ...band, translations: [kept as never] }).translations.en,
    ).toMatchObject({
      pickUpText: '',
    })
    // Another kind's body has none, whatever its values hold.
    const page = valuesOf('pages', aboutPage)
    page.translations.en!.pickUpText = 'At the desk.'
    expect(createBody('pages', page).translations?.[0]).not.toHaveProperty('pickUpText')
  })

  it('count a language with only a pick-up text as written, needing its title', () => {
    const values = newItemValues('products')
    values.translations.de = { ...nothing(), pickUpText: 'An der Rezeption.' }
    expect(writtenLocales(values)).toEqual(['de', 'en'])
    expect(validate('products', values, { slugs: [], paths: [] }).translations).toMatchObject({
      de: { title: 'admin.contentEditor.titleNeeded' },
    })
  })

  it('are checked as the API checks them, a slug or path taken said at once', () => {
    const values = { ...newItemValues('pages'), slug: 'about', path: 'api' }
    expect(validate('pages', values, { slugs: ['about'], paths: [] })).toEqual({
      slug: 'admin.contentEditor.slugTaken',
      translations: { en: { title: 'admin.validation.required' } },
    })
    expect(
      validate('pages', { ...values, slug: 'x', path: 'about' }, { slugs: [], paths: ['about'] }),
    ).toMatchObject({
      path: 'admin.contentEditor.pathTaken',
    })
    const canonical = (canonicalPath: string) =>
      validate(
        'pages',
        {
          ...values,
          slug: 'x',
          path: 'x',
          translations: { en: { ...nothing(), title: 'X', canonicalPath } },
        },
        { slugs: [], paths: [] },
      )
    expect(canonical(' https://news.example/knee ')).toEqual({})
    expect(canonical('journal/b/knee/')).toEqual({
      translations: { en: { canonicalPath: 'admin.contentEditor.canonicalInvalid' } },
    })
    const product = { ...valuesOf('products', band), price: '1.234', currency: 'eur' }
    expect(validate('products', product, { slugs: [], paths: [] })).toEqual({
      price: 'admin.services.validation.amount',
    })
  })
})

describe('a search result’s text', () => {
  it('is cut at a word, with an ellipsis', () => {
    expect(cut('Short', 60)).toBe('Short')
    expect(cut('Five gentle knee exercises for the first weeks after surgery', 30)).toBe(
      'Five gentle knee exercises…',
    )
  })
})
