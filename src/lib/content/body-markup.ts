/**
 * The markup a page's or a post's body may hold: one list for what the server keeps
 * (`sanitize-body.ts`) and what the studio's rich-text editor can write and hold
 * (`src/admin/content/rich-text`). Their tests hold each to the other, both ways.
 */

/** The site's visibility behaviours read these two (spec §4), on any block. */
export const BEHAVIOUR_ATTRIBUTES = ['data-animation-class', 'data-background-image'] as const

/**
 * Values are checked where the browser or the site would misuse them: the animation class goes
 * through classList.add, which throws on spaces; the background image ends up inside a CSS url(),
 * which quotes, brackets or blanks could break out of; a link may only open here or in a new tab.
 */
export const VALID_VALUES: Readonly<Record<string, RegExp>> = {
  'data-animation-class': /^[A-Za-z][\w-]{0,63}$/,
  'data-background-image': /^[^\s"'()\\]+$/,
  target: /^_(blank|self)$/,
  // The list numberings HTML names; Word's list styles arrive as these.
  type: /^[1aAiI]$/,
}

const block = BEHAVIOUR_ATTRIBUTES

/** Each tag a body may hold, with the attributes it may carry. */
export const BODY_TAGS: Readonly<Record<string, readonly string[]>> = {
  h2: block,
  h3: block,
  h4: block,
  p: block,
  br: [],
  hr: block,
  a: ['href', 'title', 'rel', 'target'],
  strong: [],
  em: [],
  b: [],
  i: [],
  ul: block,
  ol: [...block, 'start', 'type'],
  li: block,
  blockquote: block,
  img: ['src', 'alt', 'width', 'height'],
  figure: block,
  figcaption: block,
  table: block,
  caption: block,
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  // A bare div or span says nothing: they are kept for the behaviours they carry.
  span: block,
  div: block,
  section: block,
}

/**
 * Tags the editor writes in another, equal form: bold and italic as `strong` and `em`, as the
 * site's styles treat them alike.
 */
export const WRITTEN_AS: Readonly<Record<string, string>> = { b: 'strong', i: 'em' }

/** Tags that mean something only with a behaviour attribute; without one, their content stays. */
export const ONLY_WITH_BEHAVIOUR: readonly string[] = ['span', 'div']

export const URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const
/** Images load from the web only (no `data:` images smuggled into a body). */
export const IMAGE_SCHEMES = ['http', 'https'] as const
