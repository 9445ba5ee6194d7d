/**
 * The sizes a library image is stored in: its own (at most 2560 px, server/content/media.ts) and
 * narrower copies, which the site names in `srcset` as `{path}?w={width}`. The server makes them
 * (on upload, AVIF ones on their first request) and the site asks for them by this one rule;
 * each size is served in the best format the browser takes.
 */

/** Where the API serves an image: `{MEDIA_PATH}{name}`, and a narrower copy with `?w=`. */
export const MEDIA_PATH = '/api/content/media/'
/** A library image's name, the last segment of its URL as it stands (nothing to escape). */
export const MEDIA_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,119}$/

/**
 * The narrower widths, in pixels: a phone's 360 px column at 1x, at 2x (and a body's 672 px
 * column at 1x), and at 3x (and the body's column at 2x). Changing the list leaves images stored
 * before with the old one: a width asked for that an image lacks is made on its first request
 * (server/content/media.ts, findMedia).
 */
export const MEDIA_WIDTHS: readonly number[] = [480, 960, 1600]

/** The copies an image `width` px wide gets: only narrower ones, as enlarging adds no detail. */
export function variantWidths(width: number): number[] {
  return MEDIA_WIDTHS.filter((each) => each < width)
}

/**
 * The `srcset` of a library image at `src`: its narrower copies and, when its width is known,
 * the image itself at that width. Without a width (a section's background names only its URL)
 * every copy is listed; one the image is too narrow for is answered with the image itself, so
 * the largest a browser gets is the image.
 */
export function mediaSrcset(src: string, width?: number): string {
  const copies = width === undefined ? MEDIA_WIDTHS : variantWidths(width)
  const candidates = copies.map((each) => `${src}?w=${each} ${each}w`)
  if (width !== undefined) candidates.push(`${src} ${width}w`)
  return candidates.join(', ')
}

/**
 * The smallest stored size of an image `width` px wide at `src`, for a thumbnail (the media
 * library's list and pickers): its narrowest copy, or the image when it has none.
 */
export function smallestMedia(src: string, width: number): string {
  const [narrowest] = variantWidths(width)
  return narrowest === undefined ? src : `${src}?w=${narrowest}`
}
