import type { ReactNode } from 'react'

/**
 * A wide table's frame: on a narrow screen the table scrolls sideways inside it, not the page.
 * Named by its heading and focusable, so a keyboard can scroll it too (WCAG 2.1.1).
 */
export function ScrollRegion({
  labelledBy,
  children,
}: {
  labelledBy: string
  children: ReactNode
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard
    <div className="admin-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  )
}
