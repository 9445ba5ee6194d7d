import sanitize from 'sanitize-html'

// The site's visibility behaviours read these two (spec §4), on any element.
const BEHAVIOUR_ATTRIBUTES = ['data-animation-class', 'data-background-image']

// Values are checked where the browser or the site would misuse them: the animation class goes
// through classList.add, which throws on spaces; the background image ends up inside a CSS url(),
// which quotes, brackets or blanks could break out of; a link may only open here or in a new tab.
const VALID_VALUES: Record<string, RegExp> = {
  'data-animation-class': /^[A-Za-z][\w-]{0,63}$/,
  'data-background-image': /^[^\s"'()\\]+$/,
  target: /^_(blank|self)$/,
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'section',
  ],
  allowedAttributes: {
    '*': BEHAVIOUR_ATTRIBUTES,
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
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
