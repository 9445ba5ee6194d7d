import { Extension, Mark, Node, type Extensions } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import StarterKit from '@tiptap/starter-kit'
import {
  BEHAVIOUR_ATTRIBUTES,
  BODY_TAGS,
  ONLY_WITH_BEHAVIOUR,
  URL_SCHEMES,
  VALID_VALUES,
} from '../../../lib/content/body-markup'

/**
 * The rich-text editor's document model, built to hold exactly the body markup the server keeps
 * (`src/lib/content/body-markup.ts`): StarterKit's article nodes without code, strikes and
 * underlines, plus figures, sections, tables and the containers that carry the site's
 * behaviours. Anything else a paste brings (Word's classes and styles, Google Docs' wrappers)
 * has no place in it and is dropped as it arrives.
 */

/** Which tags each of the editor's nodes and marks writes. */
export const WRITES: Readonly<Record<string, readonly string[]>> = {
  paragraph: ['p'],
  heading: ['h2', 'h3', 'h4'],
  hardBreak: ['br'],
  horizontalRule: ['hr'],
  link: ['a'],
  bold: ['strong'],
  italic: ['em'],
  bulletList: ['ul'],
  orderedList: ['ol'],
  listItem: ['li'],
  blockquote: ['blockquote'],
  image: ['img'],
  figure: ['figure'],
  figcaption: ['figcaption'],
  table: ['table'],
  tableCaption: ['caption'],
  tableHead: ['thead'],
  tableBody: ['tbody'],
  tableRow: ['tr'],
  tableHeader: ['th'],
  tableCell: ['td'],
  span: ['span'],
  div: ['div'],
  section: ['section'],
}

const behaviourOf = (element: HTMLElement) =>
  Object.fromEntries(
    BEHAVIOUR_ATTRIBUTES.map((name) => [name, element.getAttribute(name)] as const).filter(
      ([name, value]) => value !== null && VALID_VALUES[name]!.test(value),
    ),
  )
const hasBehaviour = (element: HTMLElement) => Object.keys(behaviourOf(element)).length > 0

/** The behaviour attributes as the editor holds them: read where their values are valid. */
const BEHAVIOURS = Object.fromEntries(
  BEHAVIOUR_ATTRIBUTES.map((name) => [
    name,
    {
      default: null,
      parseHTML: (element: HTMLElement) => behaviourOf(element)[name] ?? null,
    },
  ]),
)

/** The behaviour attributes, on every node whose tags may carry them. */
const Behaviours = Extension.create({
  name: 'behaviours',
  addGlobalAttributes() {
    return [
      {
        types: Object.keys(WRITES).filter((type) =>
          WRITES[type]!.every((tag) => BODY_TAGS[tag]?.includes(BEHAVIOUR_ATTRIBUTES[0])),
        ),
        attributes: BEHAVIOURS,
      },
    ]
  },
})

/** Whether an element of a tag the list keeps only for its behaviours is worth keeping. */
const kept = (element: HTMLElement) =>
  !ONLY_WITH_BEHAVIOUR.includes(element.tagName.toLowerCase()) || hasBehaviour(element)

/** A block that holds other blocks, written as `tag`. */
const container = (name: string, tag: string) =>
  Node.create({
    name,
    group: 'block',
    content: 'block+',
    defining: true,
    parseHTML: () => [{ tag, getAttrs: (element) => (kept(element) ? null : false) }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  })

/** A node written as `tag` holding `content`, in no group: its parent names it. */
const part = (name: string, tag: string, content: string, attributes: readonly string[] = []) =>
  Node.create({
    name,
    content,
    isolating: true,
    addAttributes: () =>
      Object.fromEntries(attributes.map((attribute) => [attribute, { default: null }])),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  })

const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'image figcaption?',
  draggable: true,
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes, 0],
})

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableCaption? tableHead? tableBody*',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, 0],
})

// Only a span with a behaviour is kept: pasted text arrives in spans that say nothing.
const Span = Mark.create({
  name: 'span',
  parseHTML: () => [{ tag: 'span', getAttrs: (element) => (kept(element) ? null : false) }],
  renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes, 0],
  addAttributes: () => BEHAVIOURS,
})

// The server keeps an image's source, alt text and size; a title would be dropped on save.
const BodyImage = Image.extend({
  addAttributes() {
    const { title: _title, ...kept } = (this.parent?.() ?? {}) as Record<string, unknown>
    return kept
  },
}).configure({ inline: false, allowBase64: false })

/** The editor's extensions: the same list for the editor on screen and for the tests. */
export function bodyExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      trailingNode: false,
      link: {
        openOnClick: false,
        protocols: [...URL_SCHEMES],
        // What the editor writes is what was typed: no rel or target added to every link.
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url, { defaultValidate }) =>
          defaultValidate(url) && /^(https?:|mailto:|tel:|\/|#)/i.test(url.trim()),
      },
    }),
    BodyImage,
    Figure,
    part('figcaption', 'figcaption', 'inline*'),
    Table,
    part('tableCaption', 'caption', 'inline*'),
    part('tableHead', 'thead', 'tableRow+'),
    part('tableBody', 'tbody', 'tableRow+'),
    part('tableRow', 'tr', '(tableHeader | tableCell)+'),
    part('tableHeader', 'th', 'block+', BODY_TAGS.th),
    part('tableCell', 'td', 'block+', BODY_TAGS.td),
    container('section', 'section'),
    container('div', 'div'),
    Span,
    Behaviours,
  ]
}
