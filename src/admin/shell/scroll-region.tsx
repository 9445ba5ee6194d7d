import type { ReactNode } from 'react'

/**
 * A wide table's frame: on a narrow screen the table scrolls sideways inside it, not the page.
 * Named (by a heading's id or a label of its own, unlike any other region of the page) and
 * focusable, so a keyboard can scroll it too (WCAG 2.1.1).
 */
export function ScrollRegion({
  labelledBy,
  label,
  children,
}: {
  labelledBy?: string
  label?: string
  children: ReactNode
}) {
  return (
    <div
      className="admin-scroll"
      role="region"
      aria-labelledby={labelledBy}
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard
      tabIndex={0}
    >
      {children}
    </div>
  )
}
