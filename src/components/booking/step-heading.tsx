import { useEffect, useRef, type ReactNode } from 'react'

/** Each step's heading takes the focus when the step appears, so keyboard and screen-reader
 * users land on the new step rather than on a button that no longer exists. */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <h2 id="step-heading" ref={heading} tabIndex={-1}>
      {children}
    </h2>
  )
}
