/** @jest-environment jsdom */
import { generateHTML, generateJSON, getSchema } from '@tiptap/core'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BODY_TAGS, ONLY_WITH_BEHAVIOUR, WRITTEN_AS } from '../../../lib/content/body-markup'
import { sanitizeHtml } from '../../../lib/content/sanitize-body'
import { bodyExtensions, WRITES } from './body-extensions'

const extensions = bodyExtensions()
/** What the editor makes of `html`: read into its document, written out again. */
const throughEditor = (html: string) => generateHTML(generateJSON(html, extensions), extensions)

/**
 * `html` with its attributes in one order and no blanks between tags, to compare markup. The
 * editor writes the text of a list item, a quote or a table cell in a paragraph (the site styles
 * the two alike): a lone paragraph there reads as its text.
 */
function canonical(html: string): string {
  const holder = document.createElement('div')
  holder.innerHTML = html
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE)
      return (node.textContent ?? '').trim() ? node.textContent! : ''
    if (!(node instanceof Element)) return ''
    const tag = node.tagName.toLowerCase()
    const attributes = [...node.attributes]
      .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
      .sort()
      .join('')
    const children = [...node.childNodes]
    const lone =
      ['li', 'blockquote', 'td', 'th'].includes(tag) &&
      children.length === 1 &&
      children[0]!.nodeName === 'P'
    return `<${tag}${attributes}>${(lone ? [...children[0]!.childNodes] : children).map(walk).join('')}</${tag}>`
  }
  return [...holder.childNodes].map(walk).join('')
}

const VALUES: Record<string, string> = {
  href: 'https://example.com/a',
  title: 'A title',
  rel: 'noopener',
  target: '_blank',
  src: 'https://example.com/api/content/media/a.jpg',
  alt: 'A harbour',
  width: '1200',
  height: '675',
  colspan: '2',
  rowspan: '3',
  scope: 'col',
  start: '3',
  type: 'a',
  'data-animation-class': 'fade-in',
  'data-background-image': '/api/content/media/hero.jpg',
}

/** `tag` with every attribute the list lets it carry, where the markup lets it stand. */
function sample(tag: string): string {
  const attributes = BODY_TAGS[tag]!.map((name) => ` ${name}="${VALUES[name]}"`).join('')
  const inner = ['br', 'hr', 'img'].includes(tag) ? '' : `${tag} text`
  const element = ['br', 'hr', 'img'].includes(tag)
    ? `<${tag}${attributes}>`
    : `<${tag}${attributes}>${['ul', 'ol'].includes(tag) ? `<li>${inner}</li>` : inner}</${tag}>`
  switch (tag) {
    case 'a':
    case 'strong':
    case 'em':
    case 'b':
    case 'i':
    case 'span':
    case 'br':
      return `<p>before ${element} after</p>`
    case 'li':
      return `<ul>${element}</ul>`
    case 'figure':
      return element.replace('figure text', `<img src="${VALUES.src}" alt="x">`)
    case 'figcaption':
      return `<figure><img src="${VALUES.src}" alt="x">${element}</figure>`
    case 'caption':
    case 'thead':
    case 'tbody':
      return `<table>${tag === 'thead' ? element.replace('thead text', '<tr><th>h</th></tr>') : tag === 'tbody' ? element.replace('tbody text', '<tr><td>d</td></tr>') : element}</table>`
    case 'tr':
      return `<table><tbody>${element.replace('tr text', '<td>d</td>')}</tbody></table>`
    case 'th':
    case 'td':
      return `<table><tbody><tr>${element}</tr></tbody></table>`
    default:
      return element
  }
}

describe('the rich-text editor and the server hold one list of body markup', () => {
  it.each(Object.keys(BODY_TAGS))(
    'the editor holds <%s> with every attribute the server keeps on it',
    (tag) => {
      const html = sample(tag)
      const written = throughEditor(html)
      const kept = WRITTEN_AS[tag] ?? tag
      const element = new DOMParser().parseFromString(written, 'text/html').body.querySelector(kept)
      expect(element).not.toBeNull()
      for (const name of BODY_TAGS[tag]!)
        expect([name, element!.getAttribute(name)]).toEqual([name, VALUES[name]])
      // And the server keeps what the editor wrote, as it is.
      expect(canonical(sanitizeHtml(written))).toBe(canonical(written))
    },
  )

  it('every node and mark of the editor writes tags of the list, and each tag of the list has a writer', () => {
    const schema = getSchema(extensions)
    const names = [...Object.keys(schema.nodes), ...Object.keys(schema.marks)].filter(
      (name) => name !== 'doc' && name !== 'text',
    )
    expect(names.sort()).toEqual(Object.keys(WRITES).sort())
    const written = Object.values(WRITES).flat()
    for (const tag of written) expect(Object.keys(BODY_TAGS)).toContain(tag)
    for (const tag of Object.keys(BODY_TAGS)) expect(written).toContain(WRITTEN_AS[tag] ?? tag)
  })

  it('a bare div or span is unwrapped and its text kept', () => {
    expect(ONLY_WITH_BEHAVIOUR).toEqual(['span', 'div'])
    expect(throughEditor('<p>a <span>kept</span> b</p>')).toBe('<p>a kept b</p>')
    expect(throughEditor('<div><h2>Kept</h2><p>text</p></div>')).toBe('<h2>Kept</h2><p>text</p>')
  })

  it('what a body must never hold cannot be written: scripts, handlers, styles, javascript: links', () => {
    const written = throughEditor(
      '<p onclick="steal()" style="color:red" class="x">Hi<script>alert(1)</script></p>' +
        '<p><a href="javascript:alert(1)">a</a></p><img src="data:image/png;base64,AAAA">' +
        '<iframe src="https://evil.example"></iframe><h1>Top</h1><pre><code>x</code></pre>',
    )
    expect(written).toBe('<p>Hi</p><p>a</p><p>Top</p><p>x</p>')
  })

  it('text pasted from Word arrives clean', () => {
    const word =
      '<div class="WordSection1"><p class="MsoNormal" style="margin:0cm;font-family:Calibri">' +
      '<span lang="DE" style="font-size:12pt">Nach der <b><span style="mso-bidi-font-weight:normal">' +
      'Operation</span></b> <i>sanft</i> beginnen.</span><o:p></o:p></p>' +
      '<p class="MsoListParagraph" style="mso-list:l0 level1 lfo1"><span>Erstens</span></p>' +
      '<h1 style="mso-outline-level:1">Übungen</h1></div>'
    expect(throughEditor(word)).toBe(
      '<p>Nach der <strong>Operation</strong> <em>sanft</em> beginnen.</p><p>Erstens</p><p>Übungen</p>',
    )
  })

  it('text pasted from Google Docs arrives clean, its wrapping <b> not making all of it bold', () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234">' +
      '<h2 dir="ltr" style="line-height:1.38"><span style="font-size:16pt;font-weight:400">Knee</span></h2>' +
      '<p dir="ltr"><span style="font-weight:700">Rest</span><span style="font-weight:400"> first, ' +
      '</span><a href="https://example.com/" style="text-decoration:none"><span>then walk</span></a></p>' +
      '<ul><li dir="ltr"><p dir="ltr"><span>Ice</span></p></li></ul></b>'
    expect(throughEditor(docs)).toBe(
      '<h2>Knee</h2><p><strong>Rest</strong> first, <a href="https://example.com/">then walk</a></p>' +
        '<ul><li><p>Ice</p></li></ul>',
    )
  })

  it('every body of the demo content comes out of the editor as the server keeps it', () => {
    const folder = join(__dirname, '../../../../content/site')
    const bodies = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .flatMap(
        (file) =>
          JSON.stringify(JSON.parse(readFileSync(join(folder, file), 'utf8'))).match(
            /"body":"(?:[^"\\]|\\.)*"/g,
          ) ?? [],
      )
      .map((field) => JSON.parse(`{${field}}`) as { body: string })
      .map(({ body }) => sanitizeHtml(body))
      .filter(Boolean)
    expect(bodies.length).toBeGreaterThan(20)
    for (const body of bodies) expect(canonical(throughEditor(body))).toBe(canonical(body))
  })
})
