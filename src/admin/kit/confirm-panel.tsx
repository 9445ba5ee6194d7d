import { useEffect, useId, useRef } from 'react'
import { QuietButton } from './main-action'

/**
 * Asks before something that cannot be undone (a delete, discarding typed changes), where it was
 * asked for: the focus moves to the confirming button, and the other button keeps things as
 * they are.
 */
export function ConfirmPanel({
  title,
  text,
  confirm,
  keep,
  busy = false,
  onConfirm,
  onKeep,
}: {
  title: string
  text: string
  confirm: string
  keep: string
  busy?: boolean
  onConfirm: () => void
  onKeep: () => void
}) {
  const id = useId()
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmRef.current?.focus(), [])
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="admin-panel admin-narrow-panel"
      role="alertdialog"
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="widget-actions">
        <button
          ref={confirmRef}
          type="button"
          className="widget-button widget-button--primary"
          disabled={busy}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        <QuietButton onClick={onKeep}>{keep}</QuietButton>
      </div>
    </section>
  )
}
