/** Marks an element whose background the HTML already carries as an image. */
export const RENDERED_ATTRIBUTE = 'data-background-rendered'
export const BACKGROUND_IMAGE_CLASS = 'rich-text__background'

const WITH_BACKGROUND = /<([a-z][a-z0-9-]*)\b([^>]*?)\sdata-background-image="([^"]*)"([^>]*)>/g

/**
 * Content HTML with each `data-background-image` also rendered as a covering `<img>` inside its
 * element, so the picture is in the built HTML and the browser fetches it with the page, instead
 * of after the scripts hydrate and the visibility observer applies it (the home hero was the
 * largest element, painted last). The first is usually the hero at the top: it is fetched with
 * high priority, the others lazily. The attribute stays for styling; the observer skips
 * elements marked rendered. The HTML is the server's sanitised output, attributes in double
 * quotes with `"` escaped, so the URL can be reused as it stands.
 */
export function renderBackgroundImages(html: string): string {
  let index = 0
  return html.replace(
    WITH_BACKGROUND,
    (element, tag: string, before: string, url: string, after: string) => {
      if (element.includes(RENDERED_ATTRIBUTE) || url === '') return element
      const priority = index++ === 0 ? 'fetchpriority="high"' : 'loading="lazy"'
      return (
        `<${tag}${before} data-background-image="${url}" ${RENDERED_ATTRIBUTE}=""${after}>` +
        `<img class="${BACKGROUND_IMAGE_CLASS}" src="${url}" alt="" decoding="async" ${priority}>`
      )
    },
  )
}
