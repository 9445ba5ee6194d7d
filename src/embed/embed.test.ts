/**
 * @jest-environment jsdom
 */
type Harbor = ((...call: unknown[]) => void) & { q?: unknown[][] }
const host = window as unknown as Window & { Harbor?: Harbor }

function message(source: Window | null, data: object, origin = location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
}

const envelope = { protocol: 'harbor-embed', version: 1 }

/** The server's answer to embed.js's question whether this page may frame the widget. */
const fetchMock = jest.fn()
const answer = (body: object) => Promise.resolve({ json: () => Promise.resolve(body) })

/** Lets embed.js's pending promise chain (fetch, then its body, then the page) run. */
async function settled() {
  for (let step = 0; step < 10; step++) await Promise.resolve()
}

/** A box of its own on the page, with an inline widget of `path` in it. */
function inline(id: string, path: string, locale?: string) {
  const box = document.createElement('div')
  box.id = id
  document.body.append(box)
  host.Harbor!('inline', { el: box, path, locale })
  return box
}

beforeAll(async () => {
  fetchMock.mockReturnValue(answer({ allowed: true, url: '', label: '' }))
  window.fetch = fetchMock
  document.body.innerHTML =
    '<div id="booking"></div><a href="#" data-harbor-popup="form/intake">Intake</a>'
  // The snippet: calls made before the script loads wait in a queue.
  host.Harbor = function (...call: unknown[]) {
    ;(host.Harbor!.q = host.Harbor!.q || []).push(call)
  }
  host.Harbor('inline', {
    el: '#booking',
    path: '/appointment/clinic/consult',
    locale: 'de',
    ns: 'main',
    prefill: { email: 'ada@example.com' },
    theme: '#0a7',
  })
  await import('./embed')
})

describe('the embed script', () => {
  it('runs the queued calls: an iframe with the widget, told the host page and its id', () => {
    const frame = document.querySelector<HTMLIFrameElement>('#booking iframe')!
    const url = new URL(frame.src)
    expect(url.origin + url.pathname).toBe(
      `${location.origin}/de/widget/appointment/clinic/consult`,
    )
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'ada@example.com',
      embedHost: location.origin,
      embedId: 'main',
      theme: '#0a7',
    })
  })

  it('sizes the frame and passes on the events of its own widgets only', () => {
    const box = document.querySelector('#booking')!
    const frame = box.querySelector('iframe')!
    const events: unknown[] = []
    const callbacks: unknown[] = []
    box.addEventListener('harbor:booking-succeeded', (event) =>
      events.push((event as CustomEvent).detail),
    )
    host.Harbor!('on', 'booking-succeeded', (detail: unknown) => callbacks.push(detail), 'main')
    message(frame.contentWindow, { ...envelope, type: 'resize', height: 812 })
    expect(frame.style.height).toBe('812px')
    const booked = { ...envelope, type: 'booking-succeeded', bookingId: 7 }
    // Another origin, another window, another protocol version: ignored.
    message(frame.contentWindow, booked, 'https://evil.example')
    message(window, booked)
    message(frame.contentWindow, { ...booked, version: 2 })
    expect(events).toEqual([])
    message(frame.contentWindow, booked)
    expect(events).toEqual([{ ...booked, ns: 'main' }])
    expect(callbacks).toEqual(events)
  })

  it('opens a popup from an element with the data attribute, and closes it on Escape', () => {
    document.querySelector<HTMLElement>('[data-harbor-popup]')!.click()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.querySelector('iframe')!.src).toContain('/en/widget/form/intake?')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('closes the popup when its widget asks (Escape inside the frame), focusing the opener', () => {
    const opener = document.querySelector<HTMLElement>('[data-harbor-popup]')!
    opener.click()
    const frame = document.querySelector<HTMLIFrameElement>('[role="dialog"] iframe')!
    // Only a popup's widget is told it may ask.
    expect(new URL(frame.src).searchParams.get('embedPopup')).toBe('1')
    const inline = document.querySelector<HTMLIFrameElement>('#booking iframe')!
    expect(new URL(inline.src).searchParams.has('embedPopup')).toBe(false)
    const close = { ...envelope, type: 'close-requested' }
    // Not from the popup's frame, not from our origin: the dialog stays.
    message(inline.contentWindow, close)
    message(frame.contentWindow, close, 'https://evil.example')
    expect(document.querySelector('[role="dialog"]')).not.toBeNull()
    message(frame.contentWindow, close)
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('adds a floating button that opens the widget', () => {
    host.Harbor!('floating', {
      path: 'appointment/clinic',
      text: 'Termin buchen',
      position: 'left',
    })
    const button = document.querySelector<HTMLButtonElement>('body > button')!
    expect(button.textContent).toBe('Termin buchen')
    expect(button.style.left).toBe('20px')
    button.click()
    expect(document.querySelector('[role="dialog"] iframe')!.getAttribute('src')).toContain(
      '/en/widget/appointment/clinic?',
    )
  })

  it('asks the server whether this page may frame the widget it shows', () => {
    expect(fetchMock).toHaveBeenCalledWith(
      `${location.origin}/api/embed/check?path=appointment%2Fclinic%2Fconsult&locale=de`,
    )
  })

  it('puts a link to open the widget in a new tab in place of a frame it may not hold', async () => {
    const url = `${location.origin}/fr/widget/form/intake`
    fetchMock.mockReturnValueOnce(
      answer({ allowed: false, url, label: 'Ouvrir la page de réservation dans un nouvel onglet' }),
    )
    const box = inline('refused', '/form/intake', 'fr')
    expect(box.querySelector('iframe')).not.toBeNull()
    await settled()
    expect(box.querySelector('iframe')).toBeNull()
    const link = box.querySelector('a')!
    expect(link.href).toBe(url)
    expect(link.target).toBe('_blank')
    expect(link.rel).toBe('noopener')
    expect(link.textContent).toBe('Ouvrir la page de réservation dans un nouvel onglet')
  })

  it('keeps the frame when the server allows it, refuses the question or cannot be reached', async () => {
    fetchMock
      .mockReturnValueOnce(answer({ allowed: true, url: 'x', label: 'x' }))
      .mockReturnValueOnce(answer({ statusCode: 429, statusMessage: 'Too Many Requests' }))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
    const boxes = ['allowed', 'limited', 'offline'].map((id) => inline(id, 'form/intake'))
    await settled()
    for (const box of boxes) {
      expect([box.id, box.querySelector('iframe') !== null, box.querySelector('a')]).toEqual([
        box.id,
        true,
        null,
      ])
    }
  })
})
