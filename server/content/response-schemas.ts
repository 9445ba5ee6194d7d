import type { ObjectSchema, PartialSchemaMap } from 'joi'
import { MEDIA_PATH } from '../../src/lib/content/media-sizes'
import { CONTENT_KINDS, PAGE_MENUS, type ContentKind } from '../../src/lib/content/types'
import { LOCALES } from '../../src/lib/locale/locales'
import { Joi } from '../../src/lib/validation/joi'
import { noContent } from '../openapi/schemas'
import { MEDIA_TYPES, SERVED_TYPES } from './media'

/**
 * The content API's answers (src/lib/content/types.ts, src/lib/admin/content-types.ts): each kind's
 * item in three views, the public one, the preview's and the studio's, built from the same fields.
 */

const instant = Joi.string().isoDate()
const locale = Joi.string().valid(...LOCALES)
const text = Joi.string().allow('')
const status = Joi.string().valid('draft', 'published')
const ids = Joi.array().items(Joi.string())

export const contentImageSchema = Joi.object({
  url: Joi.string().required().description(`Absolute URL it is fetched from (${MEDIA_PATH}{name})`),
  alt: text.required(),
  width: Joi.number().integer().required(),
  height: Joi.number().integer().required(),
}).label('ContentImage')

const image = contentImageSchema.allow(null)

const translationSchema = Joi.object({
  locale: locale.required(),
  title: text.required(),
  body: text.required().description('Sanitised HTML'),
  excerpt: text.required(),
  seoTitle: text.required(),
  seoDescription: text.required(),
  canonicalPath: text
    .required()
    .description("Where the text is published first; '' for the item's own URL"),
  socialImage: image
    .required()
    .description("The image a link to this language's page shows; null for the item's usual one"),
}).label('Translation')

const productTranslationSchema = translationSchema
  .keys({
    pickUpText: text
      .required()
      .description("Its page's words on how to get it; '' for the site's usual sentence"),
  })
  .label('ProductTranslation')

const translations = Joi.array().items(translationSchema).required()

/** Every kind's fields: the common ones, and each kind's own. */
const KIND_FIELDS: Record<ContentKind, PartialSchemaMap> = {
  pages: {
    translations,
    path: Joi.string().required().description("The `:path` segment of the site's routes"),
    hostsBlog: Joi.boolean().required(),
    hostsStore: Joi.boolean().required(),
    menu: Joi.string()
      .valid(...PAGE_MENUS)
      .required(),
  },
  posts: {
    translations,
    authorId: Joi.string().required(),
    categoryIds: ids.required(),
    tagIds: ids.required(),
    coverImage: image.required(),
    publishedAt: instant.allow(null).required().description('Null for a draft never published'),
  },
  categories: { translations },
  authors: {
    translations: translations.description("`title` is the author's role, `body` the biography"),
    name: Joi.string().required(),
    avatar: image.required(),
  },
  tags: { translations },
  products: {
    translations: Joi.array().items(productTranslationSchema).required(),
    price: Joi.object({
      amount: Joi.number().integer().required().description('In minor units (cents)'),
      currency: Joi.string().required().description('ISO 4217'),
    })
      .required()
      .label('Money'),
    images: Joi.array().items(contentImageSchema).required(),
  },
  collections: { translations, productIds: ids.required().description('In display order') },
}

const LABELS: Record<ContentKind, string> = {
  pages: 'Page',
  posts: 'Post',
  categories: 'Category',
  authors: 'Author',
  tags: 'Tag',
  products: 'Product',
  collections: 'Collection',
}

const itemBase = Joi.object({
  id: Joi.string().required().description('Stable: never changes, unlike the slug'),
  slug: Joi.string().required(),
  status: status.required(),
  createdAt: instant.required(),
  updatedAt: instant.required(),
})

const pendingChanges = Joi.boolean()
  .valid(true)
  .description(
    "A published item's saves the site does not show yet: the item as given holds them, " +
      'until it is published again (or they are discarded)',
  )

/** Each kind's item with the view's own fields. */
function itemsWith(view: string, fields: PartialSchemaMap): Record<ContentKind, ObjectSchema> {
  const items = {} as Record<ContentKind, ObjectSchema>
  for (const kind of CONTENT_KINDS) {
    items[kind] = itemBase.keys({ ...KIND_FIELDS[kind], ...fields }).label(view + LABELS[kind])
  }
  return items
}

/** Published items only, as the site is built from them. */
const publicItems = itemsWith('', {})

/** Any status, a published item's waiting changes shown. */
const previewItems = itemsWith('Preview', {
  pendingChanges,
  // Saved with the changes, which are kept in the studio's shape (server/content/pending.ts).
  unpublishedAt: instant
    .allow(null)
    .description('Present with waiting changes: as the studio had it when they were saved'),
})

/** The studio's view: any status, with the version a save starts from and its schedule. */
const studioItems = itemsWith('Studio', {
  version: Joi.number()
    .integer()
    .required()
    .description('The version the next save starts from (an older one is refused, 409)'),
  updatedBy: Joi.string()
    .allow(null)
    .required()
    .description('An account\'s e-mail, "token", or null for the demo\'s own content'),
  publishAt: instant
    .allow(null)
    .required()
    .description('A draft scheduled to be published then; null when it is not'),
  unpublishedAt: instant
    .allow(null)
    .required()
    .description('When a draft the site showed before was taken off it; null otherwise'),
  pendingChanges,
})

/**
 * An item of the kind the path names. Every kind's item is closed, so exactly one matches (a
 * category and a tag share one shape). The serialiser writes an item by the alternative it
 * validates against: a field no alternative names fails the answer rather than being dropped, so
 * each view lists every field its items can carry.
 */
const anyKind = (items: Record<ContentKind, ObjectSchema>) =>
  Joi.alternatives()
    .try(
      items.pages,
      items.posts,
      items.authors,
      items.products,
      items.collections,
      items.categories,
    )
    .description("An item of the kind the path names, in that kind's shape")

export const contentItemSchema = anyKind(publicItems)
export const studioItemSchema = anyKind(studioItems)

export const contentListSchema = Joi.object({
  items: Joi.array().items(contentItemSchema).required(),
}).label('ContentList')

export const siteSettingsSchema = Joi.object({
  defaultLocale: locale.required(),
  languages: Joi.array()
    .items(locale)
    .required()
    .description('The languages the site is offered in, the default one among them'),
  rootPagePath: text
    .required()
    .description(
      "The `path` of the page `/` redirects to; '' for none (the public view leaves a draft out)",
    ),
  bookingProvider: text
    .required()
    .description("The booking provider's slug the site books for; '' for none"),
  logo: image.required(),
  translations: Joi.array()
    .items(
      Joi.object({
        locale: locale.required(),
        siteName: text.required(),
        cookieBannerText: text.required(),
      }).label('SiteTranslation'),
    )
    .required(),
}).label('SiteSettings')

export const contentVersionSchema = Joi.object({
  version: text.required().description('Changes whenever anything the site is built from changes'),
}).label('ContentVersion')

const list = (kind: ContentKind) => Joi.array().items(previewItems[kind]).required()

export const previewBundleSchema = Joi.object({
  kind: Joi.string()
    .valid(...CONTENT_KINDS)
    .required(),
  item: anyKind(previewItems).required(),
  site: siteSettingsSchema.required(),
  pages: list('pages'),
  posts: list('posts'),
  authors: list('authors'),
  categories: list('categories'),
  tags: list('tags'),
  collections: list('collections'),
  products: list('products'),
})
  .label('PreviewBundle')
  .description(
    'The item whatever its status, with everything its template shows (drafts included); ' +
      'each list holds the previewed item too when it is of that kind',
  )

/** `GET /api/content/media/{name}`: the image, in the best format the Accept header names. */
export const mediaFileAnswer = {
  description:
    'The image, or with `w` its copy of that width, as AVIF or WebP when the Accept header ' +
    "names it, else in the image's own format",
  content: Object.fromEntries(
    [...new Set([...SERVED_TYPES, ...Object.keys(MEDIA_TYPES)])].map((type) => [
      type,
      { schema: { type: 'string', format: 'binary' } },
    ]),
  ),
}

export const notModified = {
  ...noContent,
  description: 'Not Modified: the copy the If-None-Match header names is current',
}

export const studioPageSchema = Joi.object({
  items: Joi.array().items(studioItemSchema).required(),
  nextCursor: Joi.string()
    .allow(null)
    .required()
    .description('Pass as `cursor` for the next page; null on the last, and without `limit`'),
})
  .label('StudioPage')
  .description(
    "With `limit`, a page of the kind's items, newest change first; without, all of them in " +
      "the kind's order",
  )

export const uploadedMediaSchema = Joi.object({
  name: Joi.string().required(),
  url: Joi.string().required().description('Its absolute address'),
  contentType: Joi.string()
    .valid(...Object.keys(MEDIA_TYPES))
    .required(),
  width: Joi.number().integer().required(),
  height: Joi.number().integer().required(),
}).label('UploadedMedia')

export const mediaItemSchema = Joi.object({
  name: Joi.string().required(),
  path: Joi.string()
    .required()
    .description(`Its address on this site (${MEDIA_PATH}{name}), as bodies refer to it`),
  contentType: Joi.string().required(),
  width: Joi.number().integer().required(),
  height: Joi.number().integer().required(),
  size: Joi.number().integer().required().description('Stored size in bytes, after processing'),
  updatedAt: instant.required(),
  alt: Joi.object()
    .pattern(locale, Joi.string())
    .required()
    .description('Its alt text in each language given'),
  usedBy: Joi.array()
    .items(
      Joi.object({
        kind: Joi.string()
          .valid(...CONTENT_KINDS, 'site')
          .required(),
        id: Joi.string().required().description("The item's id; `logo` for the site's logo"),
        title: Joi.string()
          .required()
          .description(
            "The item's name as the studio lists it (an author's name, else its English title)",
          ),
      }).label('MediaUse'),
    )
    .required()
    .description('Where it is shown'),
}).label('MediaItem')

export const mediaListSchema = Joi.object({
  media: Joi.array().items(mediaItemSchema).required(),
}).label('MediaLibrary')

export const previewTokenAnswerSchema = Joi.object({
  token: Joi.string().required().description('Shown once: pass as `token` to the preview routes'),
  expiresAt: instant.required(),
}).label('PreviewToken')

const revisionSummaryKeys = {
  version: Joi.number().integer().required(),
  savedAt: instant.required(),
  savedBy: Joi.string()
    .allow(null)
    .required()
    .description('An account\'s e-mail, "token", or null for the demo\'s own content'),
  status: status.required().description("The item's status once saved"),
}

export const revisionListSchema = Joi.object({
  revisions: Joi.array()
    .items(Joi.object(revisionSummaryKeys).label('RevisionSummary'))
    .required()
    .description('Newest first'),
}).label('RevisionList')

export const revisionSchema = Joi.object({
  ...revisionSummaryKeys,
  // Kept as the item stood when saved, in that day's shape: fields added to a kind since are
  // missing from older revisions, so the item is open beyond the fields every revision has.
  item: itemBase
    .keys({
      translations: Joi.array()
        .items(Joi.object({ locale: locale.required(), title: text.required() }).unknown(true))
        .required(),
    })
    .unknown(true)
    .required()
    .description(
      "The item as it then stood, in its kind's shape; each image's `url` holds its media name",
    ),
}).label('ContentItemRevision')
