import type { StudioItem } from '../../lib/admin/content-types'
import { amountText, minorUnits } from '../../lib/booking/pricing'
import type {
  Author,
  Collection,
  ContentItem,
  ContentKind,
  Page,
  PageMenu,
  Post,
  Product,
  ProductTranslation,
} from '../../lib/content/types'
import type { ContentImage } from '../../lib/content/types'
import { isCanonicalAddress } from '../../lib/content/canonical'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lib/locale/locales'
import { mediaNameOf } from './media-rules'

/**
 * The content editor's values and their way to and from the content API. The form holds text as
 * typed; a product's price in the currency's major unit (45.00), the API in its minor unit.
 * Translations are kept per language; one with nothing typed in it is not sent.
 */
export interface TranslationValues {
  title: string
  body: string
  excerpt: string
  seoTitle: string
  seoDescription: string
  /** '' for the item's own address (see lib/content/canonical). */
  canonicalPath: string
  /** The image a shared link shows, by media name ('' for the item's usual one). */
  socialImage: ImageValues
  /** A product's words on how to get it ('' for the site's usual sentence); other kinds' ''. */
  pickUpText: string
}

export interface ItemValues {
  slug: string
  translations: Partial<Record<Locale, TranslationValues>>
  path?: string
  menu?: PageMenu
  hostsBlog?: boolean
  hostsStore?: boolean
  authorId?: string
  categoryIds?: string[]
  tagIds?: string[]
  name?: string
  price?: string
  currency?: string
  productIds?: string[]
  /** A post's cover and an author's avatar, by media name ('' for none), with their alt text. */
  coverImage?: ImageValues
  avatar?: ImageValues
  /** A product's images in order. */
  images?: ImageValues[]
}

export interface ImageValues {
  name: string
  alt: string
}

/** What a save sends: a POST's whole item or a PATCH's changes (translations whole, per language). */
export type ItemBody = Record<string, unknown> & {
  translations?: Partial<
    Omit<ProductTranslation, 'socialImage'> & { socialImage: ImageValues | null }
  >[]
}

const TEXTS = ['title', 'body', 'excerpt', 'seoTitle', 'seoDescription', 'canonicalPath'] as const
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/
const CURRENCY = /^[A-Z]{3}$/

const NO_IMAGE: ImageValues = { name: '', alt: '' }
/** An image the API gave, as a media field holds it ('' for none). */
export const imageValues = (image: ContentImage | null): ImageValues =>
  image ? { name: mediaNameOf(image), alt: image.alt } : NO_IMAGE
/** A media field's image as the API takes it: by its media name, or null for none. */
export const imageOut = (image: ImageValues | undefined) =>
  image?.name ? { name: image.name, alt: (image.alt ?? '').trim() } : null

const emptyTranslation = (): TranslationValues => ({
  title: '',
  body: '',
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
  canonicalPath: '',
  socialImage: NO_IMAGE,
  pickUpText: '',
})

/** A new item of `kind`: a post by the first author, a product priced in `currency`. */
export function newItemValues(kind: ContentKind, firstAuthorId = '', currency = 'EUR'): ItemValues {
  const values: ItemValues = { slug: '', translations: { [DEFAULT_LOCALE]: emptyTranslation() } }
  switch (kind) {
    case 'pages':
      return { ...values, path: '', menu: 'none', hostsBlog: false, hostsStore: false }
    case 'posts':
      return {
        ...values,
        authorId: firstAuthorId,
        categoryIds: [],
        tagIds: [],
        coverImage: NO_IMAGE,
      }
    case 'authors':
      return { ...values, name: '', avatar: NO_IMAGE }
    case 'products':
      return { ...values, price: '', currency, images: [] }
    case 'collections':
      return { ...values, productIds: [] }
    default:
      return values
  }
}

export function valuesOf(kind: ContentKind, item: ContentItem): ItemValues {
  const translations: ItemValues['translations'] = {}
  for (const translation of item.translations) {
    translations[translation.locale] = {
      title: translation.title,
      body: translation.body,
      excerpt: translation.excerpt,
      seoTitle: translation.seoTitle,
      seoDescription: translation.seoDescription,
      canonicalPath: translation.canonicalPath,
      socialImage: imageValues(translation.socialImage),
      // A product's (a revision kept before products had one has none).
      pickUpText: (translation as Partial<ProductTranslation>).pickUpText ?? '',
    }
  }
  const values: ItemValues = { slug: item.slug, translations }
  switch (kind) {
    case 'pages': {
      const page = item as Page
      return {
        ...values,
        path: page.path,
        menu: page.menu,
        hostsBlog: page.hostsBlog,
        hostsStore: page.hostsStore,
      }
    }
    case 'posts': {
      const post = item as Post
      return {
        ...values,
        authorId: post.authorId,
        categoryIds: [...post.categoryIds],
        tagIds: [...post.tagIds],
        coverImage: imageValues(post.coverImage),
      }
    }
    case 'authors': {
      const author = item as Author
      return { ...values, name: author.name, avatar: imageValues(author.avatar) }
    }
    case 'products': {
      const { price, images } = item as Product
      return {
        ...values,
        price: amountText(price.amount, price.currency),
        currency: price.currency,
        images: images.map(imageValues),
      }
    }
    case 'collections':
      return { ...values, productIds: [...(item as Collection).productIds] }
    default:
      return values
  }
}

const typed = (text: string | undefined) => (text ?? '').trim()
const hasText = (translation: TranslationValues | undefined) =>
  Boolean(
    translation &&
    (TEXTS.some((field) => typed(translation[field])) ||
      typed(translation.pickUpText) ||
      translation.socialImage?.name),
  )

/** The languages whose translation has anything typed or chosen in it, the default one always. */
export const writtenLocales = (values: ItemValues): Locale[] =>
  LOCALES.filter((locale) => locale === DEFAULT_LOCALE || hasText(values.translations[locale]))

const translationOut = (
  kind: ContentKind,
  locale: Locale,
  translation: TranslationValues | undefined,
) => ({
  locale,
  ...Object.fromEntries(
    TEXTS.map((field) => [
      field,
      field === 'body' ? (translation?.body ?? '') : typed(translation?.[field]),
    ]),
  ),
  socialImage: imageOut(translation?.socialImage),
  // The API takes it for products alone.
  ...(kind === 'products' && { pickUpText: typed(translation?.pickUpText) }),
})

/** The kind's own fields, as the API takes them. */
function fieldsOf(kind: ContentKind, values: ItemValues): Record<string, unknown> {
  switch (kind) {
    case 'pages':
      return {
        path: typed(values.path),
        menu: values.menu ?? 'none',
        hostsBlog: Boolean(values.hostsBlog),
        hostsStore: Boolean(values.hostsStore),
      }
    case 'posts':
      return {
        authorId: values.authorId ?? '',
        categoryIds: values.categoryIds ?? [],
        tagIds: values.tagIds ?? [],
        coverImage: imageOut(values.coverImage),
      }
    case 'authors':
      return { name: typed(values.name), avatar: imageOut(values.avatar) }
    case 'products': {
      const currency = typed(values.currency).toUpperCase()
      return {
        price: { amount: minorUnits(values.price ?? '', currency) ?? 0, currency },
        images: (values.images ?? []).flatMap((image) => imageOut(image) ?? []),
      }
    }
    case 'collections':
      return { productIds: values.productIds ?? [] }
    default:
      return {}
  }
}

/** A new item, as a draft: saving never changes the live site. */
export function createBody(kind: ContentKind, values: ItemValues): ItemBody {
  return {
    slug: typed(values.slug),
    status: 'draft',
    ...fieldsOf(kind, values),
    translations: writtenLocales(values).map((locale) =>
      translationOut(kind, locale, values.translations[locale]),
    ),
  }
}

/**
 * What changed since `item` was loaded, with the version it was loaded at: only the fields that
 * differ, and each changed language's translation whole (the API replaces a language at once).
 */
export function changesOf(kind: ContentKind, item: StudioItem, values: ItemValues): ItemBody {
  const before = createBody(kind, valuesOf(kind, item))
  const after = createBody(kind, values)
  const changes: ItemBody = {}
  for (const [field, value] of Object.entries(after)) {
    if (field === 'status' || field === 'translations') continue
    if (JSON.stringify(value) !== JSON.stringify(before[field])) changes[field] = value
  }
  const changed = (after.translations ?? []).filter(
    (translation) =>
      JSON.stringify(translation) !==
      JSON.stringify(before.translations?.find((each) => each.locale === translation.locale)),
  )
  if (changed.length > 0) changes.translations = changed
  return Object.keys(changes).length > 0 ? { ...changes, version: item.version } : {}
}

type Errors = Record<string, unknown>

/**
 * The client's checks, as the content API makes them; messages are `admin.*` keys. `taken` are
 * the slugs (and, for pages, paths) of the kind's other items: one in use is said as it is typed.
 */
export function validate(
  kind: ContentKind,
  values: ItemValues,
  taken: { slugs: string[]; paths: string[] },
): Errors {
  const errors: Errors = {}
  const slug = typed(values.slug)
  if (!SLUG.test(slug)) errors.slug = 'admin.services.validation.slug'
  else if (taken.slugs.includes(slug)) errors.slug = 'admin.contentEditor.slugTaken'
  const translations: Record<string, Record<string, string>> = {}
  for (const locale of writtenLocales(values)) {
    const translation = values.translations[locale]
    const problems: Record<string, string> = {}
    if (!typed(translation?.title)) {
      problems.title =
        locale === DEFAULT_LOCALE ? 'admin.validation.required' : 'admin.contentEditor.titleNeeded'
    }
    const canonical = typed(translation?.canonicalPath)
    if (canonical && !isCanonicalAddress(canonical)) {
      problems.canonicalPath = 'admin.contentEditor.canonicalInvalid'
    }
    if (Object.keys(problems).length > 0) translations[locale] = problems
  }
  if (Object.keys(translations).length > 0) errors.translations = translations
  if (kind === 'pages') {
    const path = typed(values.path)
    if (!SLUG.test(path)) errors.path = 'admin.services.validation.slug'
    else if (taken.paths.includes(path)) errors.path = 'admin.contentEditor.pathTaken'
  }
  if (kind === 'posts' && !values.authorId) errors.authorId = 'admin.validation.required'
  if (kind === 'authors' && !typed(values.name)) errors.name = 'admin.validation.required'
  if (kind === 'products') {
    const currency = typed(values.currency).toUpperCase()
    if (!CURRENCY.test(currency)) errors.currency = 'admin.services.validation.currency'
    else if (minorUnits(values.price ?? '', currency) === undefined) {
      errors.price = 'admin.services.validation.amount'
    }
  }
  return errors
}

/** The language tabs' order: the default language first, then the rest as the site lists them. */
export const TAB_LOCALES: readonly Locale[] = [
  DEFAULT_LOCALE,
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE),
]

/** Text as a search result shows it: cut at a word within `max` characters, with an ellipsis. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const within = text.slice(0, max - 1)
  const space = within.lastIndexOf(' ')
  return `${(space > max / 2 ? within.slice(0, space) : within).trimEnd()}…`
}
