import type { ArraySchema, ObjectSchema, PartialSchemaMap } from 'joi'
import { STUDIO_STATUSES, type StudioStatus } from '../../src/lib/admin/content-types'
import {
  MAX_PICK_UP_TEXT_LENGTH,
  PAGE_MENUS,
  type ContentKind,
  type ContentStatus,
  type PageMenu,
} from '../../src/lib/content/types'
import { MEDIA_NAME_PATTERN } from '../../src/lib/content/media-sizes'
import { isCanonicalAddress, MAX_CANONICAL_LENGTH } from '../../src/lib/content/canonical'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/lib/locale/locales'
import { instantSchema } from '../../src/lib/validation/booking-queries'
import { Joi } from '../../src/lib/validation/joi'

/** What the admin API and the demo files write: the API's shapes, with images by media name. */
export interface TranslationInput {
  locale: Locale
  title: string
  body?: string
  excerpt?: string
  seoTitle?: string
  seoDescription?: string
  canonicalPath?: string
  socialImage?: ImageInput | null
  /** A product's only (TRANSLATION_FIELDS). */
  pickUpText?: string
}

export interface ImageInput {
  name: string
  alt: string
}

interface ItemInput {
  /** Generated when absent. */
  id?: string
  slug: string
  status: ContentStatus
  translations: TranslationInput[]
}

export interface ItemInputs {
  pages: ItemInput & { path: string; hostsBlog: boolean; hostsStore: boolean; menu: PageMenu }
  posts: ItemInput & {
    authorId: string
    categoryIds: string[]
    tagIds: string[]
    coverImage: ImageInput | null
    publishedAt: string | null
  }
  categories: ItemInput
  authors: ItemInput & { name: string; avatar: ImageInput | null }
  tags: ItemInput
  products: ItemInput & { price: { amount: number; currency: string }; images: ImageInput[] }
  collections: ItemInput & { productIds: string[] }
}

/** A PATCH: any fields but the id and the status (publish and unpublish change that). */
export type ItemPatch<K extends ContentKind> = Partial<Omit<ItemInputs[K], 'id' | 'status'>>

export interface SiteInput {
  defaultLocale: Locale
  /** The languages the site is offered in, the default one among them. */
  languages: Locale[]
  /** '' for none. */
  rootPagePath: string
  bookingProvider: string
  logo: ImageInput | null
  translations: { locale: Locale; siteName: string; cookieBannerText: string }[]
}

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/
/** An item's id, as a cursor of the studio's list holds it. */
export const isItemId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value)

const id = Joi.string()
  .pattern(ID_PATTERN)
  .messages({ 'string.pattern.base': '{#label} may hold letters, digits, dashes and underscores' })
const slug = Joi.string()
  .pattern(/^[a-z0-9][a-z0-9-]{0,79}$/)
  .messages({ 'string.pattern.base': '{#label} may hold lowercase letters, digits and dashes' })
// A page's path is the first segment of its URLs (`/en/{path}/`), so it must not shadow the
// site's own routes nor read as a locale prefix.
const RESERVED_PATHS = [
  'api',
  'widget',
  'b',
  'c',
  'post',
  'product',
  'collections',
  'category',
  'author',
  'tag',
  'v2',
  'preview',
  'static',
  'page-data',
  '404',
  'verify-payment-callback',
  ...LOCALES,
]
const pagePath = slug
  .invalid(...RESERVED_PATHS)
  .messages({ 'any.invalid': "{#label} is taken by one of the site's own routes" })
const locale = Joi.string().valid(...LOCALES)
/** The version a save started from (see `lockedVersion`). */
const version = Joi.number().integer().min(1).max(2_147_483_647)
const plainText = (max: number) => Joi.string().trim().max(max).allow('').default('')
const idList = (max: number) => Joi.array().items(id).unique().max(max).default([])

const image = Joi.object({
  name: Joi.string()
    .pattern(MEDIA_NAME_PATTERN)
    .required()
    .messages({ 'string.pattern.base': '{#label} is not a media name' }),
  alt: plainText(300),
})

const translation = Joi.object({
  locale: locale.required(),
  title: Joi.string().trim().max(300).required(),
  body: Joi.string().max(200_000).allow('').default(''),
  excerpt: plainText(1000),
  seoTitle: plainText(300),
  seoDescription: plainText(500),
  canonicalPath: plainText(MAX_CANONICAL_LENGTH)
    .custom((value: string, helpers) =>
      isCanonicalAddress(value) ? value : helpers.error('string.canonical'),
    )
    .messages({
      'string.canonical':
        '{#label} must be a path on this site starting with "/", or an https:// address',
    }),
  socialImage: image.allow(null).default(null),
})
// A kind's own per-language fields, beside every kind's; another kind's are refused by name
// ('"translations[0].pickUpText" is not allowed').
const TRANSLATION_FIELDS: Partial<Record<ContentKind, PartialSchemaMap>> = {
  products: { pickUpText: plainText(MAX_PICK_UP_TEXT_LENGTH) },
}
const translationsOf = (kind: ContentKind) => {
  const own = TRANSLATION_FIELDS[kind]
  return Joi.array()
    .items(own ? translation.keys(own) : translation)
    .unique('locale')
    .min(1)
    .messages({ 'array.unique': 'translations may hold one translation per locale' })
}
const withDefaultLocale = (translations: ArraySchema) =>
  translations.has(Joi.object({ locale: Joi.valid(DEFAULT_LOCALE) }).unknown()).messages({
    'array.hasUnknown': `translations must include one in "${DEFAULT_LOCALE}"`,
    'array.hasKnown': `translations must include one in "${DEFAULT_LOCALE}"`,
  })

const KIND_FIELDS: Record<ContentKind, PartialSchemaMap> = {
  pages: {
    path: pagePath.required(),
    hostsBlog: Joi.boolean().default(false),
    hostsStore: Joi.boolean().default(false),
    menu: Joi.string()
      .valid(...PAGE_MENUS)
      .default('header'),
  },
  posts: {
    authorId: id.required(),
    categoryIds: idList(20),
    tagIds: idList(50),
    coverImage: image.allow(null).default(null),
    // Four-digit years only: joi's isoDate takes years PostgreSQL's timestamptz cannot hold.
    publishedAt: instantSchema.allow(null).default(null),
  },
  categories: {},
  authors: {
    name: Joi.string().trim().max(200).required(),
    avatar: image.allow(null).default(null),
  },
  tags: {},
  products: {
    price: Joi.object({
      amount: Joi.number().integer().min(0).max(100_000_000).required(),
      currency: Joi.string()
        .pattern(/^[A-Z]{3}$/)
        .required()
        .messages({ 'string.pattern.base': '{#label} must be an ISO 4217 code such as EUR' }),
    }).required(),
    images: Joi.array().items(image).max(20).default([]),
  },
  collections: { productIds: idList(500) },
}

// Handlers validate these themselves (the schema depends on the kind), so a missing body must
// fail here rather than pass as undefined.
const byKind = (schema: (kind: ContentKind) => ObjectSchema) =>
  Object.fromEntries(
    Object.keys(KIND_FIELDS).map((kind) => [
      kind,
      schema(kind as ContentKind)
        .required()
        .label('body'),
    ]),
  ) as Record<ContentKind, ObjectSchema>

export const createSchemas = byKind((kind) =>
  Joi.object({
    id,
    slug: slug.required(),
    status: Joi.string().valid('draft', 'published').default('draft'),
    translations: withDefaultLocale(translationsOf(kind)).required(),
    ...KIND_FIELDS[kind],
  }),
)

/** Translations given replace those locales only, so the default locale's can never go. */
/**
 * A patch: any of a kind's fields, and the `version` the edit started from (a script may leave it
 * out, and the last write wins).
 */
export const patchSchemas = byKind((kind) => {
  const schema = Joi.object({ slug, translations: translationsOf(kind), ...KIND_FIELDS[kind] })
  return schema
    .fork(Object.keys(schema.describe().keys ?? {}), (field) => field.optional())
    .keys({ version })
    .prefs({ noDefaults: true })
    .min(1)
})

export const siteSchema = Joi.object({
  defaultLocale: locale.default(DEFAULT_LOCALE),
  // Every site offered all eleven before it could choose: a script that names none still does.
  languages: Joi.array()
    .items(locale)
    .unique()
    .min(1)
    .default([...LOCALES])
    .messages({ 'array.unique': 'languages may name each language once' }),
  rootPagePath: slug.allow('').default(''),
  bookingProvider: slug.allow('').default(''),
  logo: image.allow(null).default(null),
  translations: Joi.array()
    .items(
      Joi.object({
        locale: locale.required(),
        siteName: Joi.string().trim().max(200).required(),
        cookieBannerText: plainText(1000),
      }),
    )
    .unique('locale')
    .min(1)
    .required()
    .messages({ 'array.unique': 'translations may hold one translation per locale' }),
})
  .custom((site: SiteInput, helpers) => {
    if (!site.translations.some((t) => t.locale === site.defaultLocale)) {
      return helpers.error('site.translations')
    }
    if (!site.languages.includes(site.defaultLocale)) {
      return helpers.error('site.languages', { locale: site.defaultLocale })
    }
    return site
  })
  .messages({
    'site.translations': 'translations must include one in the default locale',
    'site.languages': 'languages must include the default locale, "{#locale}"',
  })

/** The `:kind/:id` of the admin routes that change one item. */
export const itemParamsSchema = Joi.object({ kind: Joi.string().required(), id: id.required() })

/** `:kind/:id/revisions/:version`: one of an item's saves. */
export const revisionParamsSchema = itemParamsSchema.keys({ version: version.required() })

/**
 * The studio's list (`GET /{kind}`): with `limit`, a page of it (the next after `cursor`), newest
 * change first; without, every item, as the editor's choices need them. Either searched and
 * filtered.
 */
export const studioListSchema = Joi.object({
  limit: Joi.number().integer().min(1).max(100),
  cursor: Joi.string().max(200),
  q: Joi.string().trim().max(200).allow(''),
  status: Joi.string().valid(...STUDIO_STATUSES),
}).with('cursor', 'limit')

export interface StudioListInput {
  limit?: number
  cursor?: string
  q?: string
  status?: StudioStatus
}

/** An image's alt text per language; an empty text removes that language's. */
export const mediaAltSchema = Joi.object({
  alt: Joi.object(
    Object.fromEntries(LOCALES.map((each) => [each, Joi.string().trim().max(300).allow('')])),
  )
    .min(1)
    .required(),
})
  .required()
  .label('body')

/** When a draft is to be published. */
export const scheduleSchema = Joi.object({ at: instantSchema.required() }).required().label('body')

/** A restore names the version the item was at when the user chose it, as any save does. */
export const restoreSchema = Joi.object({ version: version.required() }).required().label('body')

// The body is optional: a bare POST asks for a token with the default lifetime.
export const previewTokenSchema = Joi.object({
  ttlMinutes: Joi.number().integer().min(1).max(10_080).default(1440),
})
  .empty(null)
  .default()
