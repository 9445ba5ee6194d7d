import { MEDIA_PATH, mediaSrcset, variantWidths } from './media-sizes'

/** The widest a body shows an image, in CSS pixels: `.rich-text`'s 42rem (global.css). */
export const BODY_IMAGE_SLOT = 672

const IMAGE = /<img\b[^>]*>/g
const LIBRARY_SRC = new RegExp(`\\ssrc="(${MEDIA_PATH}[a-z0-9][a-z0-9._-]*)"`)
const WIDTH = /\swidth="(\d+)"/

/**
 * Content HTML with each library image (`<img src="/api/content/media/…">`, in the body or
 * rendered from a section's background) given the `srcset` of its narrower copies and the
 * `sizes` it is shown at, so a phone fetches a copy near its column's width instead of the
 * image at up to 2560 px. Done where the page is rendered, not stored in the body: the copies
 * and the site's column can change without rewriting every body. The image's `width`, written
 * with it from the library, says which copies it has (media-sizes.ts); an image without one
 * (a background) lists them all. The HTML is the server's sanitised output, attributes in
 * double quotes; images from elsewhere and those with a srcset are left as they are.
 */
export function renderResponsiveImages(html: string): string {
  return html.replace(IMAGE, (tag) => {
    const src = LIBRARY_SRC.exec(tag)?.[1]
    if (!src || /\ssrcset=/.test(tag)) return tag
    const width = Number(WIDTH.exec(tag)?.[1]) || undefined
    // An image no wider than the narrowest copy has none: the image is all there is.
    if (width !== undefined && variantWidths(width).length === 0) return tag
    // An image narrower than the column is shown at its own width, at most the screen's.
    const slot = Math.min(width ?? BODY_IMAGE_SLOT, BODY_IMAGE_SLOT)
    const attributes = `srcset="${mediaSrcset(src, width)}" sizes="(max-width: ${slot}px) 100vw, ${slot}px"`
    return tag.replace(/\s*\/?>$/, (end) => ` ${attributes}${end}`)
  })
}
