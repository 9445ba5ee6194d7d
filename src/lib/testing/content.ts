import type { Translation } from '../content/types'

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
