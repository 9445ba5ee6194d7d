import type { GatsbyNode } from 'gatsby'
import { translationsFor } from '../lib/content/localize'
import { DEFAULT_LOCALE } from '../lib/locale/locales'

/**
 * The content node types, declared so that queries stay valid when the API has no item of a
 * kind (an empty store, a fresh blog). Relations link by the API's stable id (`contentId`).
 */
// Every kind's own fields come after these, the ContentItem interface's.
const ITEM_FIELDS = `contentId: String!
    slug: String!
    status: String!
    createdAt: Date! @dateformat
    updatedAt: Date! @dateformat
    translations: [ContentTranslation!]!`

export const contentTypeDefs = `
  type ContentTranslation {
    locale: String!
    title: String!
    body: String!
    excerpt: String!
    seoTitle: String!
    seoDescription: String!
    canonicalPath: String!
    socialImage: ContentImage
    "A product's own pick-up text ('' for the site's usual sentence); other kinds' have none."
    pickUpText: String
  }

  type ContentImage {
    url: String!
    alt: String!
    width: Int!
    height: Int!
    localFile: File @link(from: "localFileId")
  }

  type ContentMoney {
    amount: Int!
    currency: String!
  }

  type ContentSiteTranslation {
    locale: String!
    siteName: String!
    cookieBannerText: String!
  }

  "A service as the booking API shows it to visitors (PublicService)."
  type BookingService @dontInfer {
    id: Int!
    slug: String!
    name: String!
    description: String!
    durationMinutes: Int!
    priceCents: Int!
    depositCents: Int!
    currency: String!
    seatsPerSlot: Int!
    maxSlotsPerBooking: Int!
    requiresConfirmation: Boolean!
    requiredFields: [String!]!
    location: String!
    recurrenceCount: Int
    intakeFormId: Int
    translations: JSON!
    rescheduleCutoffMinutes: Int!
    cancellationCutoffMinutes: Int!
    refundPolicy: String!
    refundCutoffMinutes: Int!
  }

  "A staff member as the booking API shows them to visitors (PublicStaff)."
  type BookingStaff @dontInfer {
    id: Int!
    name: String!
    photoUrl: String
    timeZone: String!
    serviceIds: [Int!]!
  }

  "The business the site books for (site settings' bookingProvider), from the booking API."
  type BookingProvider implements Node @dontInfer {
    "The provider's id in the booking API (the node's own id is Gatsby's)."
    providerId: Int!
    slug: String!
    name: String!
    timeZone: String!
    email: String
    phone: String
    address: String
    openingHours: JSON!
    termsPage: String!
    termsVersion: String!
    services: [BookingService!]!
    staff: [BookingStaff!]!
  }

  type ContentSite implements Node @dontInfer {
    defaultLocale: String!
    languages: [String!]!
    rootPagePath: String!
    bookingProvider: String!
    logo: ContentImage
    translations: [ContentSiteTranslation!]!
  }

  interface ContentItem {
    contentId: String!
    slug: String!
    status: String!
    createdAt: Date!
    updatedAt: Date!
    translations: [ContentTranslation!]!
  }

  type ContentPage implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
    path: String!
    hostsBlog: Boolean!
    hostsStore: Boolean!
    menu: String!
  }

  type ContentPost implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
    authorId: String!
    author: ContentAuthor @link(by: "contentId", from: "authorId")
    categoryIds: [String!]!
    categories: [ContentCategory!]! @link(by: "contentId", from: "categoryIds")
    tagIds: [String!]!
    tags: [ContentTag!]! @link(by: "contentId", from: "tagIds")
    coverImage: ContentImage
    publishedAt: Date @dateformat
  }

  type ContentCategory implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
  }

  type ContentTag implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
  }

  type ContentAuthor implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
    name: String!
    avatar: ContentImage
  }

  type ContentProduct implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
    price: ContentMoney!
    images: [ContentImage!]!
  }

  type ContentCollection implements Node & ContentItem @dontInfer {
    ${ITEM_FIELDS}
    productIds: [String!]!
    products: [ContentProduct!]! @link(by: "contentId", from: "productIds")
  }
`

/** The types whose `translations` a page can narrow to its own language. */
const TRANSLATED_TYPES = [
  'ContentSite',
  'ContentPage',
  'ContentPost',
  'ContentCategory',
  'ContentTag',
  'ContentAuthor',
  'ContentProduct',
  'ContentCollection',
]

interface TranslatedSource {
  translations?: { locale: string }[]
  defaultLocale?: string
}

interface ResolverContext {
  nodeModel: {
    findOne(args: { type: string; query: object }): Promise<{ defaultLocale?: string } | null>
  }
}

/**
 * `translations(forLocale: $language)`: only the translations the page can show (its language,
 * else the site's default, else the first), so a page's data does not carry the other ten.
 */
export const createContentResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const translations = {
    args: { forLocale: 'String' },
    async resolve(
      source: TranslatedSource,
      args: { forLocale?: string | null },
      context: ResolverContext,
    ) {
      const all = source.translations ?? []
      if (!args.forLocale) return all
      const defaultLocale =
        source.defaultLocale ??
        (await context.nodeModel.findOne({ type: 'ContentSite', query: {} }))?.defaultLocale
      return translationsFor(all, args.forLocale, defaultLocale ?? DEFAULT_LOCALE)
    },
  }
  createResolvers(Object.fromEntries(TRANSLATED_TYPES.map((type) => [type, { translations }])))
}
