import type { Product } from '../../lib/content/types'
import { productTranslation } from '../../lib/testing/content'
import { kneePost } from '../screen-fixtures'
import { newItemValues, type ItemValues, type TranslationValues } from './item-form'
import { previewTextOf, socialCardOf, usualImageOf } from './seo-preview'

const text = (values: Partial<TranslationValues>): TranslationValues => ({
  title: '',
  body: '',
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
  canonicalPath: '',
  socialImage: { name: '', alt: '' },
  pickUpText: '',
  ...values,
})

const band: Product = {
  ...kneePost,
  id: 'band',
  slug: 'band',
  price: { amount: 1250, currency: 'EUR' },
  images: [
    { url: 'http://x/api/content/media/band.jpg', alt: 'A band', width: 4, height: 3 },
    { url: 'http://x/api/content/media/band-2.jpg', alt: 'Another', width: 4, height: 3 },
  ],
  translations: [productTranslation('en', 'Resistance band')],
}

describe('the previews of a language', () => {
  it('show the search title and description, else the title and summary, as typed', () => {
    expect(
      previewTextOf(text({ title: ' Knee ', excerpt: 'Rest.', seoTitle: ' ', seoDescription: '' })),
    ).toEqual({ title: 'Knee', description: 'Rest.' })
    expect(
      previewTextOf(
        text({ title: 'Knee', excerpt: 'Rest.', seoTitle: 'Knee pain', seoDescription: 'Why.' }),
      ),
    ).toEqual({ title: 'Knee pain', description: 'Why.' })
    expect(previewTextOf(undefined)).toEqual({ title: '', description: '' })
  })

  it('share a post’s cover, a product’s first image, a collection’s first product’s, a page’s none', () => {
    const post: ItemValues = {
      ...newItemValues('posts'),
      coverImage: { name: 'knee.jpg', alt: '' },
    }
    expect(usualImageOf('posts', post, [])).toBe('knee.jpg')
    expect(usualImageOf('posts', newItemValues('posts'), [])).toBe('')
    const product = { ...newItemValues('products'), images: [{ name: 'band.jpg', alt: '' }] }
    expect(usualImageOf('products', product, [])).toBe('band.jpg')
    const collection = { ...newItemValues('collections'), productIds: ['band'] }
    expect(usualImageOf('collections', collection, [band])).toBe('band.jpg')
    expect(usualImageOf('collections', newItemValues('collections'), [band])).toBe('')
    expect(usualImageOf('pages', newItemValues('pages'), [band])).toBe('')
  })

  it('show on the card the language’s social image over the usual one, with the domain', () => {
    const values: ItemValues = {
      ...newItemValues('posts'),
      coverImage: { name: 'knee.jpg', alt: '' },
      translations: {
        en: text({
          title: 'Knee',
          excerpt: 'Rest first.',
          socialImage: { name: 'card.png', alt: '' },
        }),
        de: text({ title: 'Knie', seoTitle: 'Knieschmerz' }),
      },
    }
    expect(socialCardOf('posts', values, 'en', 'clinic.example', [])).toEqual({
      image: 'card.png',
      domain: 'clinic.example',
      title: 'Knee',
      description: 'Rest first.',
    })
    expect(socialCardOf('posts', values, 'de', 'clinic.example', [])).toEqual({
      image: 'knee.jpg',
      domain: 'clinic.example',
      title: 'Knieschmerz',
      description: '',
    })
    expect(socialCardOf('pages', newItemValues('pages'), 'fr', 'clinic.example', [])).toEqual({
      image: '',
      domain: 'clinic.example',
      title: '',
      description: '',
    })
  })
})
