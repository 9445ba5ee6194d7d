import { useEffect, useRef, type ReactNode } from 'react'
import { useHydrated } from '../use-hydrated'

/**
 * Each step's heading takes the focus when the step appears, so keyboard and screen-reader
 * users land on the new step rather than on a button that no longer exists. A step the page was
 * built with was there before its script ran: where the visitor has moved the focus into the
 * page by then (Tab to a choice), hydration leaves it there, or their next key would go to the
 * heading.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // False on the render that hydrates the step, true on every render of the running flow.
  const hydrated = useHydrated()
  useEffect(() => {
    const focused = document.activeElement
    if (!hydrated && focused && focused !== document.body) return
    heading.current?.focus()
    // Once, as the step appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <h2 id="step-heading" ref={heading} tabIndex={-1}>
      {children}
    </h2>
  )
}
