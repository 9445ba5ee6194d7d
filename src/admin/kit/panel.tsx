import type { ReactNode } from 'react'

/**
 * A part of a screen under its own heading (a form that stays open, a list of settings, a result
 * shown once), which names it as a region. `narrow` keeps a form's single column readable.
 */
export function Panel({
  id,
  title,
  narrow = false,
  children,
}: {
  /** The heading's id, for what else it names. */
  id: string
  title: string
  narrow?: boolean
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className={narrow ? 'admin-panel admin-narrow-panel' : 'admin-panel'}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
