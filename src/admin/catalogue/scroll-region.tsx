import type { ReactNode } from 'react'

/**
 * A table wider than a phone scrolls inside this region, so the page itself never does; the
 * region takes focus so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  labelledBy,
  children,
}: {
  labelledBy: string
  children: ReactNode
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
    <div className="admin-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  )
}
