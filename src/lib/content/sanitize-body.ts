import sanitize from 'sanitize-html'
import { BODY_TAGS, IMAGE_SCHEMES, URL_SCHEMES, VALID_VALUES } from './body-markup'

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(BODY_TAGS),
  allowedAttributes: Object.fromEntries(
    Object.entries(BODY_TAGS).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...URL_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'data-background-image'],
  allowProtocolRelative: false,
  // An image whose source was refused would only show as a broken-image icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => VALID_VALUES[name]?.test(value) ?? true),
      ),
    }),
  },
}

/**
 * Post and page bodies are written by editors and shown to every visitor: only article markup
 * survives, never scripts, event handlers or `javascript:` URLs.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS)
}
