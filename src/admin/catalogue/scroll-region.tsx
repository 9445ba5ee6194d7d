import type { ReactNode } from 'react'

/**
 * A table wider than a phone scrolls inside this region, so the page itself never does; the
 * region takes focus so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  children,
}: {
  /** Unlike the screen's own title: two landmarks must not share a name. */
  label: string
  children: ReactNode
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
    <div className="admin-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
