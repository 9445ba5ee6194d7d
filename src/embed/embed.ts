/*
 * The script other sites load to embed the booking widget (README, "Embedding"). Served minified
 * by server/embed/routes.ts, at most 2 KB gzip, with no dependencies: it runs on pages we do not
 * own. Calls queued before it loads (`Harbor(...)` from the snippet) run once it does.
 */

interface EmbedOptions {
  /** The widget route after /widget/: `appointment/clinic/consult`, `form/intake`, … */
  path: string
  locale?: string
  /** Keeps several widgets on one page apart: in events' detail and for `Harbor('on', …)`. */
  ns?: string
  /** Where `inline` puts the widget: an element or a selector. */
  el?: string | Element
  /** Contact fields the form starts with: firstName, lastName, email, phone. */
  prefill?: Record<string, string>
  /** A hex colour for the widget's buttons and links. */
  theme?: string
  title?: string
  /** The floating button's label, side and colours. */
  text?: string
  position?: 'left' | 'right'
  background?: string
  color?: string
}

interface WidgetMessage {
  protocol: string
  version: number
  type: string
  height?: number
}

type Listener = [type: string, callback: (detail: unknown) => void, ns?: string]
type Call = [command: string, ...rest: unknown[]]
type Harbor = ((...call: Call) => void) & { q?: Call[] }

const win = window as unknown as Window & { Harbor?: Harbor }
const doc = document
// Our server: where this script came from, whatever page loads it.
const base = new URL((doc.currentScript as HTMLScriptElement | null)?.src ?? '/', location.href)
  .origin
const widgets = new Map<
  MessageEventSource,
  { frame: HTMLIFrameElement; box: Element; ns: string; close?: () => void }
>()
const listeners: Listener[] = []
const popups: Record<string, EmbedOptions> = {}
let count = 0

const whenReady = (run: () => void) =>
  doc.readyState === 'loading' ? doc.addEventListener('DOMContentLoaded', run) : run()

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  css: string,
  parent: Element,
): HTMLElementTagNameMap[Tag] {
  const node = doc.createElement(tag)
  node.style.cssText = css
  parent.appendChild(node)
  return node
}

/**
 * An iframe with the widget in `box`, which receives its events. `close`: it is in a popup, which
 * the widget may ask to close (Escape pressed inside the frame, where the page hears no keys).
 */
function mount(box: Element, options: EmbedOptions, close?: () => void): () => void {
  const ns = options.ns || `harbor${++count}`
  // The widget sends its messages to this page's origin only, once the browser confirms it.
  const query = new URLSearchParams({ ...options.prefill, embedHost: location.origin, embedId: ns })
  if (options.theme) query.set('theme', options.theme)
  if (close) query.set('embedPopup', '1')
  const locale = options.locale || 'en'
  const path = options.path.replace(/^\/+/, '')
  const frame = element('iframe', 'display:block;width:100%;height:600px;border:0', box)
  frame.title = options.title || 'Booking'
  frame.src = `${base}/${locale}/widget/${path}?${query}`
  const source = frame.contentWindow
  const forget = () => source && widgets.delete(source)
  if (source) widgets.set(source, { frame, box, ns, close })
  // A host page the widget may not be framed by gets an empty frame, and no event says so: the
  // server tells (GET /api/embed/check), and a link to open the widget in a tab takes its place.
  // Should the server not answer, the frame stays, as it was before there was a question.
  fetch(`${base}/api/embed/check?${new URLSearchParams({ path, locale })}`)
    .then((response) => response.json())
    .then((check: { allowed?: boolean; url: string; label: string }) => {
      if (check.allowed !== false) return
      const link = element('a', 'display:block;padding:24px;text-align:center', box)
      link.href = check.url
      link.target = '_blank'
      link.rel = 'noopener'
      link.textContent = check.label
      frame.replaceWith(link)
      forget()
    })
    .catch(() => {})
  return forget
}

/**
 * A dialog over the page with the widget in it; Escape (in the page or in the widget), the close
 * button or a click outside close it, and give the focus back to what opened it.
 */
function popup(options: EmbedOptions, opener?: HTMLElement): void {
  // The shade scrolls and the panel hangs from its top: as the frame grows to its content, what
  // is already shown stays where it is (a centred panel moved under the visitor's pointer).
  const shade = element(
    'div',
    'position:fixed;inset:0;z-index:2147483647;background:#0008;overflow:auto',
    doc.body,
  )
  shade.setAttribute('role', 'dialog')
  shade.setAttribute('aria-modal', 'true')
  shade.setAttribute('aria-label', options.title || 'Booking')
  const panel = element(
    'div',
    'position:relative;width:min(40rem,100%);margin:4vh auto;background:#fff',
    shade,
  )
  const close = element('button', 'float:right;font-size:1.5rem;border:0;background:none', panel)
  close.textContent = '×'
  close.setAttribute('aria-label', 'Close')
  const done = () => {
    shade.remove()
    forget()
    doc.removeEventListener('keydown', onKey)
    opener?.focus()
  }
  const onKey = (event: KeyboardEvent) => event.key === 'Escape' && done()
  close.onclick = done
  shade.onclick = (event) => event.target === shade && done()
  doc.addEventListener('keydown', onKey)
  const forget = mount(panel, options, done)
  close.focus()
}

function floating(options: EmbedOptions): void {
  whenReady(() => {
    const side = options.position === 'left' ? 'left' : 'right'
    const button = element(
      'button',
      `position:fixed;bottom:20px;${side}:20px;z-index:2147483646;padding:12px 20px;border:0;border-radius:24px;font:inherit;cursor:pointer;` +
        `background:${options.background || '#0f6b6e'};color:${options.color || '#fff'}`,
      doc.body,
    )
    button.textContent = options.text || 'Book now'
    button.onclick = () => popup(options, button)
  })
}

const harbor: Harbor = (command, ...rest) => {
  const options = rest[0] as EmbedOptions
  if (command === 'inline') {
    whenReady(() => {
      const box = typeof options.el === 'string' ? doc.querySelector(options.el) : options.el
      if (box) mount(box, options)
    })
  } else if (command === 'popup') popups[options.ns || ''] = options
  else if (command === 'floating') floating(options)
  else if (command === 'on') listeners.push(rest as Listener)
}

// An element with data-harbor-popup="path" opens that widget, with the options `Harbor('popup')`
// gave its namespace (data-harbor-ns) or the page's default.
doc.addEventListener('click', (event) => {
  const opener = (event.target as Element).closest?.('[data-harbor-popup]')
  if (!(opener instanceof HTMLElement)) return
  event.preventDefault()
  const { harborPopup, harborNs = '' } = opener.dataset
  popup({ ...popups[harborNs], path: harborPopup || popups[harborNs]?.path || '' }, opener)
})

addEventListener('message', (event) => {
  // Only our widget's frames, from our origin, speaking a version of the protocol we know.
  const source = event.source && widgets.get(event.source)
  const data = event.data as WidgetMessage
  if (!source || event.origin !== base || data?.protocol !== 'harbor-embed' || data.version !== 1)
    return
  if (data.type === 'resize') source.frame.style.height = `${data.height}px`
  const detail = { ...data, ns: source.ns }
  source.box.dispatchEvent(new CustomEvent(`harbor:${data.type}`, { detail, bubbles: true }))
  for (const [type, callback, ns] of listeners) {
    if ((type === data.type || type === '*') && (!ns || ns === source.ns)) callback(detail)
  }
  // After the event, while the widget's box is still in the page for it to bubble from.
  if (data.type === 'close-requested') source.close?.()
})

const queued = win.Harbor?.q ?? []
win.Harbor = harbor
for (const call of queued) harbor(...call)

// A module, so its names stay out of the global scope the TypeScript project shares; esbuild
// wraps it in a function for the browser all the same.
export {}
