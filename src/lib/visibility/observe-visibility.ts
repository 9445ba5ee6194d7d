export const VISIBILITY_THRESHOLD = 0.1
export const ANIMATION_CLASS_MS = 1000

const ANIMATION_SELECTOR = '[data-animation-class]'
// Backgrounds the HTML already holds as an image (background-images.ts) need nothing more.
const BACKGROUND_SELECTOR = '[data-background-image]:not([data-background-rendered])'

/** The part of the browser's IntersectionObserver this module uses, so tests can pass a fake. */
export type IntersectionObserverConstructor = new (
  callback: IntersectionObserverCallback,
  options?: IntersectionObserverInit,
) => Pick<IntersectionObserver, 'observe' | 'unobserve' | 'disconnect'>

export interface VisibilityObserver {
  /** Picks up matching elements the current page rendered; call after every route change. */
  scan(): void
  /** Stops watching; classes already added still come off on time. */
  disconnect(): void
}

/** A CSS `url("…")` that keeps its string intact whatever the attribute holds. */
export function cssUrl(value: string): string {
  const escaped = value
    .replace(/["\\]/g, '\\$&')
    .replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)
  return `url("${escaped}")`
}

function applyBackground(element: HTMLElement, url: string): void {
  element.style.backgroundImage = cssUrl(url)
  element.style.backgroundPosition = 'center'
  element.style.backgroundSize = 'cover'
}

/**
 * Adds `data-animation-class` classes when an element is 10 % visible (taking them off again
 * after a second) and applies `data-background-image` once an element is visible at all.
 *
 * Animations play once per page visit: after playing, an element is no longer watched, and the
 * next scan() (the next route change) watches it again. Gatsby keeps the DOM nodes a new page
 * shares with the old one (the layout), so this is what makes them play on every page, as they
 * would on a full page load. A background is applied once per URL, and again only if the
 * attribute changes. Without IntersectionObserver, backgrounds are applied at once and nothing
 * animates, since there is no way to tell when the visitor would see it.
 */
export function observeVisibility(
  root: ParentNode,
  Observer: IntersectionObserverConstructor | undefined,
): VisibilityObserver {
  const appliedBackgrounds = new WeakMap<Element, string>()
  const applyIfNew = (element: HTMLElement) => {
    const url = element.dataset.backgroundImage
    if (url === undefined || appliedBackgrounds.get(element) === url) return
    appliedBackgrounds.set(element, url)
    applyBackground(element, url)
  }

  if (!Observer) {
    return {
      scan: () => root.querySelectorAll<HTMLElement>(BACKGROUND_SELECTOR).forEach(applyIfNew),
      disconnect: () => undefined,
    }
  }

  // Strong references to what is being watched, so elements a navigation removed before they
  // were seen can be let go of (an observer keeps its targets alive).
  const watchedForAnimation = new Set<HTMLElement>()
  const watchedForBackground = new Set<HTMLElement>()

  const animationObserver = new Observer(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < VISIBILITY_THRESHOLD) continue
        const element = entry.target as HTMLElement
        const className = element.dataset.animationClass
        animationObserver.unobserve(element)
        watchedForAnimation.delete(element)
        if (!className) continue
        element.classList.add(className)
        setTimeout(() => element.classList.remove(className), ANIMATION_CLASS_MS)
      }
    },
    { threshold: VISIBILITY_THRESHOLD },
  )

  const backgroundObserver = new Observer((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const element = entry.target as HTMLElement
      backgroundObserver.unobserve(element)
      watchedForBackground.delete(element)
      applyIfNew(element)
    }
  })

  const forgetDetached = (
    watched: Set<HTMLElement>,
    observer: InstanceType<IntersectionObserverConstructor>,
  ) => {
    for (const element of watched) {
      if (element.isConnected) continue
      observer.unobserve(element)
      watched.delete(element)
    }
  }

  return {
    scan() {
      forgetDetached(watchedForAnimation, animationObserver)
      forgetDetached(watchedForBackground, backgroundObserver)
      root.querySelectorAll<HTMLElement>(ANIMATION_SELECTOR).forEach((element) => {
        if (watchedForAnimation.has(element)) return
        watchedForAnimation.add(element)
        animationObserver.observe(element)
      })
      root.querySelectorAll<HTMLElement>(BACKGROUND_SELECTOR).forEach((element) => {
        if (watchedForBackground.has(element)) return
        if (appliedBackgrounds.get(element) === element.dataset.backgroundImage) return
        watchedForBackground.add(element)
        backgroundObserver.observe(element)
      })
    },
    disconnect() {
      animationObserver.disconnect()
      backgroundObserver.disconnect()
      watchedForAnimation.clear()
      watchedForBackground.clear()
    },
  }
}
