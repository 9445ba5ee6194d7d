import type { ContentItem, ContentKind, Product } from '../../lib/content/types'
import type { Locale } from '../../lib/locale/locales'
import type { ItemValues, TranslationValues } from './item-form'
import { mediaNameOf } from './media-rules'

/**
 * What the studio's previews of one language show, as the site's head gives it
 * (src/components/seo/content-seo.tsx and the templates' heads): a search result and the card of a
 * link shared on social media.
 */

export interface PreviewText {
  /** The search title, else the title. */
  title: string
  /** The search description, else the summary. */
  description: string
}

export interface SocialCard extends PreviewText {
  /** The media name of the image the card shows; '' for none. */
  image: string
  /** The site's domain, which the card names under its image. */
  domain: string
}

const typed = (text: string | undefined) => (text ?? '').trim()

export function previewTextOf(translation: TranslationValues | undefined): PreviewText {
  return {
    title: typed(translation?.seoTitle) || typed(translation?.title),
    description: typed(translation?.seoDescription) || typed(translation?.excerpt),
  }
}

/**
 * The image the item's pages share when a language chooses none: a post's cover, a product's
 * first image, a collection's first product's first image (of `products`, the studio's); none
 * for a page.
 */
export function usualImageOf(
  kind: ContentKind,
  values: ItemValues,
  products: readonly ContentItem[],
): string {
  switch (kind) {
    case 'posts':
      return values.coverImage?.name ?? ''
    case 'products':
      return values.images?.[0]?.name ?? ''
    case 'collections': {
      const first = products.find((each) => each.id === values.productIds?.[0]) as
        Product | undefined
      const image = first?.images[0]
      return image ? mediaNameOf(image) : ''
    }
    default:
      return ''
  }
}

/** The card of a link to the item's page in `locale`, as typed so far. */
export function socialCardOf(
  kind: ContentKind,
  values: ItemValues,
  locale: Locale,
  domain: string,
  products: readonly ContentItem[],
): SocialCard {
  const translation = values.translations[locale]
  return {
    ...previewTextOf(translation),
    image: translation?.socialImage?.name || usualImageOf(kind, values, products),
    domain,
  }
}
