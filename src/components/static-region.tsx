import { navigate } from 'gatsby'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { isHydratingServedPage } from './hydrating-served-page'
import { useHydrated } from './use-hydrated'

const KEEP_SERVED_HTML = { __html: '' }

/** Sends a plain click on a link of this site through Gatsby's router, as its Link would. */
function followInApp(event: MouseEvent) {
  const anchor = event.target instanceof Element ? event.target.closest('a') : null
  if (
    !anchor ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    anchor.target ||
    anchor.hasAttribute('download') ||
    anchor.origin !== window.location.origin
  ) {
    return
  }
  event.preventDefault()
  void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`)
}

/**
 * A part of the page that never changes once built (the footer, the home page's hours, team and
 * prices, a post's byline). In the page the browser was served, React keeps the built HTML of
 * its children instead of rendering and hydrating them: that work, with the Intl formatters the
 * hours, prices and dates are written with (the largest share of the home page's scripting), is
 * spared at load. An element with `dangerouslySetInnerHTML` has no children for React to
 * hydrate, and React does not compare the inner HTML it finds. Rendered anywhere else (the
 * build, a page reached by client-side navigation, tests) the children render as usual. Clicks
 * on the kept HTML's links go through the router, as their Links would have.
 */
export function StaticRegion({
  as: Tag,
  className,
  children,
}: {
  as: 'div' | 'footer' | 'p'
  className?: string
  children: ReactNode
}) {
  // Latched at the first render: a region keeps the built HTML for as long as it is mounted. Both
  // must hold: should React give up hydrating (a mismatch elsewhere) and render the page afresh,
  // the children render, as nothing is left to keep.
  const hydrating = !useHydrated()
  const [kept] = useState(() => isHydratingServedPage() && hydrating)
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!kept || !element) return undefined
    element.addEventListener('click', followInApp)
    return () => element.removeEventListener('click', followInApp)
  }, [kept])
  if (kept) {
    return (
      <Tag
        ref={ref as RefObject<HTMLDivElement>}
        className={className}
        dangerouslySetInnerHTML={KEEP_SERVED_HTML}
        suppressHydrationWarning
      />
    )
  }
  return <Tag className={className}>{children}</Tag>
}
