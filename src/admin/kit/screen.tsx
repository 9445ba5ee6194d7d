import type { ReactNode } from 'react'
import { Alert } from '../shell/fields'

/**
 * A dashboard screen's frame: its title with the screen's main actions beside it, what it is
 * for, what went wrong (announced) and what was just done (a polite status), then its content.
 */
export function Screen({
  id,
  title,
  actions,
  intro,
  error,
  status,
  children,
}: {
  /** The title's id, which names the screen's section. */
  id: string
  title: string
  actions?: ReactNode
  intro?: ReactNode
  error?: ReactNode
  status?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <div className="admin-title-row">
        <h1 id={id}>{title}</h1>
        {actions ? <div className="admin-toolbar">{actions}</div> : null}
      </div>
      {intro ? <p>{intro}</p> : null}
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {children}
    </section>
  )
}
