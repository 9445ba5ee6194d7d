import type { ProductTranslation, Translation } from '../content/types'

/** An item's translation with a title alone, as tests of content make them. */
export const translation = (locale: Translation['locale'], title: string): Translation => ({
  locale,
  title,
  body: '',
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
  canonicalPath: '',
  socialImage: null,
})

/** A product's: a title, and its own pick-up text ('' for the site's usual sentence). */
export const productTranslation = (
  locale: Translation['locale'],
  title: string,
  pickUpText = '',
): ProductTranslation => ({ ...translation(locale, title), pickUpText })
