import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtom } from 'jotai'
import { useId, useState, type KeyboardEvent } from 'react'
import { isValidTimeZone } from '../../../lib/time'
import { MESSAGES } from '../../../lib/validation/messages'
import { useMessage } from '../../../components/use-message'
import { fetchTimeZones } from '../api'
import { timeZoneAtom } from '../state'

/**
 * A searchable time-zone field. The full IANA list (several hundred names) is fetched the first
 * time the field is used, so it never weighs on the widget's first paint. A name that is not a
 * zone is kept as typed and answered with the spec's message, so the visitor sees why nothing
 * changed.
 */
export function TimeZonePicker() {
  const { t } = useTranslation()
  const translate = useMessage()
  const [timeZone, setTimeZone] = useAtom(timeZoneAtom)
  const [zones, setZones] = useState<string[]>()
  const [draft, setDraft] = useState(timeZone)
  const [unknown, setUnknown] = useState(false)
  const id = useId()
  const load = () => {
    if (!zones) void fetchTimeZones().then((response) => setZones(response.timeZones))
  }
  const change = (value: string) => {
    setDraft(value)
    setUnknown(false)
    // Intl knows every zone, so a typed name applies before the suggestion list has loaded; the
    // slash keeps a half-typed name ("CE" on the way to "CET") from applying too early.
    if (isValidTimeZone(value) && value.includes('/')) setTimeZone(value)
  }
  // Leaving the field, or Enter, is when the visitor means the name as typed.
  const settle = () => {
    const typed = draft.trim()
    if (isValidTimeZone(typed)) {
      setTimeZone(typed)
      setDraft(typed)
    } else {
      setUnknown(true)
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      settle()
    }
  }
  const errorId = `${id}-zone-error`
  return (
    <div className="widget-field widget-timezone">
      <label htmlFor={`${id}-zone`}>{t('widget.timeZone')}</label>
      <input
        id={`${id}-zone`}
        list={`${id}-zones`}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={unknown}
        aria-describedby={unknown ? errorId : undefined}
        onFocus={load}
        onChange={(event) => change(event.target.value)}
        onBlur={settle}
        onKeyDown={onKeyDown}
      />
      <datalist id={`${id}-zones`}>
        {zones?.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {unknown ? (
        <p id={errorId} className="widget-field__error" role="alert">
          {translate(MESSAGES.noTimezone)}
        </p>
      ) : null}
    </div>
  )
}
