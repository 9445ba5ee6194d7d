/** @jest-environment jsdom */
import {
  ANIMATION_CLASS_MS,
  cssUrl,
  observeVisibility,
  VISIBILITY_THRESHOLD,
  type IntersectionObserverConstructor,
} from './observe-visibility'

/** Records what is observed; the test decides when and how much of an element is visible. */
class FakeObserver {
  static instances: FakeObserver[] = []
  readonly observed = new Set<Element>()

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this)
  }

  observe(target: Element) {
    this.observed.add(target)
  }

  unobserve(target: Element) {
    this.observed.delete(target)
  }

  disconnect() {
    this.observed.clear()
  }

  show(target: Element, ratio: number) {
    if (!this.observed.has(target)) return
    const entry = { target, isIntersecting: ratio > 0, intersectionRatio: ratio }
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
}

const Fake = FakeObserver as unknown as IntersectionObserverConstructor

function showToAll(target: Element, ratio: number) {
  for (const observer of FakeObserver.instances) observer.show(target, ratio)
}

function element(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement('div')
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value)
  document.body.append(el)
  return el
}

beforeEach(() => {
  jest.useFakeTimers()
  FakeObserver.instances = []
  document.body.innerHTML = ''
})

afterEach(() => {
  jest.useRealTimers()
})

describe('animation classes', () => {
  it('watches at the 10 % threshold', () => {
    observeVisibility(document, Fake).scan()
    expect(FakeObserver.instances.map((o) => o.options.threshold)).toContain(VISIBILITY_THRESHOLD)
  })

  it('adds the class at 10 % visible and removes it 1000 ms later', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    observeVisibility(document, Fake).scan()

    showToAll(el, 0.05)
    expect(el.className).toBe('')

    showToAll(el, 0.1)
    expect(el.className).toBe('fade-in')

    jest.advanceTimersByTime(ANIMATION_CLASS_MS - 1)
    expect(el.className).toBe('fade-in')
    jest.advanceTimersByTime(1)
    expect(el.className).toBe('')
  })

  it('plays once per page visit, and again after the next scan', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    const visibility = observeVisibility(document, Fake)
    visibility.scan()

    showToAll(el, 1)
    jest.advanceTimersByTime(ANIMATION_CLASS_MS)
    showToAll(el, 1)
    expect(el.className).toBe('')

    visibility.scan()
    showToAll(el, 1)
    expect(el.className).toBe('fade-in')
  })

  it('does not stretch an animation still playing when a scan comes', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    const visibility = observeVisibility(document, Fake)
    visibility.scan()
    showToAll(el, 1)

    jest.advanceTimersByTime(ANIMATION_CLASS_MS / 2)
    visibility.scan()
    showToAll(el, 1)
    jest.advanceTimersByTime(ANIMATION_CLASS_MS / 2)
    expect(el.className).toBe('')
  })

  it('picks up elements rendered after the first scan', () => {
    const visibility = observeVisibility(document, Fake)
    visibility.scan()
    const later = element({ 'data-animation-class': 'slide-up' })

    showToAll(later, 1)
    expect(later.className).toBe('')

    visibility.scan()
    showToAll(later, 1)
    expect(later.className).toBe('slide-up')
  })

  it('stops watching elements a navigation removed before they were seen', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    const visibility = observeVisibility(document, Fake)
    visibility.scan()

    el.remove()
    visibility.scan()
    expect(FakeObserver.instances.some((o) => o.observed.has(el))).toBe(false)
  })

  it('does nothing without IntersectionObserver', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    observeVisibility(document, undefined).scan()
    jest.runAllTimers()
    expect(el.className).toBe('')
  })
})

describe('background images', () => {
  it('are left alone where the HTML already renders them as an image', () => {
    const el = element({
      'data-background-image': '/images/hero.jpg',
      'data-background-rendered': '',
    })
    observeVisibility(document, Fake).scan()
    showToAll(el, 1)
    expect(el.style.backgroundImage).toBe('')
    expect(FakeObserver.instances.some((o) => o.observed.has(el))).toBe(false)
  })

  it('are applied, centred and covering, once the element is visible', () => {
    const el = element({ 'data-background-image': '/images/hero.jpg' })
    observeVisibility(document, Fake).scan()
    expect(el.style.backgroundImage).toBe('')

    showToAll(el, 0.01)
    expect(el.style.backgroundImage).toBe('url("/images/hero.jpg")')
    expect(el.style.backgroundPosition).toBe('center')
    expect(el.style.backgroundSize).toBe('cover')
    expect(FakeObserver.instances.some((o) => o.observed.has(el))).toBe(false)
  })

  it('are applied again when a kept element gets a new image', () => {
    const el = element({ 'data-background-image': '/a.jpg' })
    const visibility = observeVisibility(document, Fake)
    visibility.scan()
    showToAll(el, 1)

    visibility.scan()
    expect(FakeObserver.instances.some((o) => o.observed.has(el))).toBe(false)

    el.setAttribute('data-background-image', '/b.jpg')
    visibility.scan()
    showToAll(el, 1)
    expect(el.style.backgroundImage).toBe('url("/b.jpg")')
  })

  it('are applied at once without IntersectionObserver, also to later elements', () => {
    const first = element({ 'data-background-image': '/a.jpg' })
    const visibility = observeVisibility(document, undefined)
    visibility.scan()
    expect(first.style.backgroundImage).toBe('url("/a.jpg")')

    const later = element({ 'data-background-image': '/b.jpg' })
    visibility.scan()
    expect(later.style.backgroundImage).toBe('url("/b.jpg")')
  })

  it('keep a quote in the URL inside the CSS string', () => {
    const el = element({ 'data-background-image': '/a"b.jpg' })
    observeVisibility(document, undefined).scan()
    expect(el.style.backgroundImage).toBe('url("/a\\"b.jpg")')
  })
})

describe('disconnect', () => {
  it('stops watching but still takes classes off on time', () => {
    const el = element({ 'data-animation-class': 'fade-in' })
    const pending = element({ 'data-animation-class': 'fade-in' })
    const visibility = observeVisibility(document, Fake)
    visibility.scan()
    showToAll(el, 1)

    visibility.disconnect()
    showToAll(pending, 1)
    expect(pending.className).toBe('')
    jest.advanceTimersByTime(ANIMATION_CLASS_MS)
    expect(el.className).toBe('')
  })
})

describe('cssUrl', () => {
  it.each([
    ['/plain.jpg', 'url("/plain.jpg")'],
    ['a"b', 'url("a\\"b")'],
    ['a\\b', 'url("a\\\\b")'],
    ['a\nb', 'url("a\\a b")'],
    ['x") ; color: red; ("', 'url("x\\") ; color: red; (\\"")'],
  ])('%j -> %s', (value, expected) => {
    expect(cssUrl(value)).toBe(expected)
  })
})
