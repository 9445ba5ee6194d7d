import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

/**
 * A row of tabs as the ARIA tabs pattern has them: one in the tab order, the arrow keys move
 * between them (and choose, as the panels are cheap to show). `onChoose` may refuse to leave the
 * tab shown (an unsaved form in it) by not changing `chosen`.
 */
export function Tabs<V extends string>({
  label,
  tabs,
  chosen,
  onChoose,
  idOf,
  panelId,
}: {
  label: string
  tabs: readonly { value: V; label: ReactNode }[]
  chosen: V
  onChoose: (value: V) => void
  /** Each tab's element id, which its panel is labelled by. */
  idOf: (value: V) => string
  panelId: string
}) {
  const refs = useRef<Partial<Record<V, HTMLButtonElement | null>>>({})
  // The tab an arrow key asked for takes the focus once it is shown (it may be refused).
  const asked = useRef<V>()
  const values = tabs.map((tab) => tab.value)
  useEffect(() => {
    if (asked.current === chosen) refs.current[chosen]?.focus()
    asked.current = undefined
  }, [chosen])
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = values[(values.indexOf(chosen) + step + values.length) % values.length]!
    asked.current = next
    onChoose(next)
  }
  return (
    <div role="tablist" aria-label={label} className="admin-tabs">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          ref={(element) => {
            refs.current[tab.value] = element
          }}
          type="button"
          role="tab"
          id={idOf(tab.value)}
          aria-selected={tab.value === chosen}
          aria-controls={panelId}
          tabIndex={tab.value === chosen ? 0 : -1}
          onClick={() => onChoose(tab.value)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
