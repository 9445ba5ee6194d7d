import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtom } from 'jotai'
import { useId, useState } from 'react'
import { isValidTimeZone } from '../../../lib/time'
import { fetchTimeZones } from '../api'
import { timeZoneAtom } from '../state'

/**
 * A searchable time-zone field. The full IANA list (several hundred names) is fetched the first
 * time the field is used, so it never weighs on the widget's first paint.
 */
export function TimeZonePicker() {
  const { t } = useTranslation()
  const [timeZone, setTimeZone] = useAtom(timeZoneAtom)
  const [zones, setZones] = useState<string[]>()
  const [draft, setDraft] = useState(timeZone)
  const id = useId()
  const load = () => {
    if (!zones) void fetchTimeZones().then((response) => setZones(response.timeZones))
  }
  const commit = (value: string) => {
    setDraft(value)
    // Intl knows every zone, so a typed name applies before the suggestion list has loaded.
    if (isValidTimeZone(value) && value.includes('/')) setTimeZone(value)
  }
  return (
    <div className="widget-field widget-timezone">
      <label htmlFor={`${id}-zone`}>{t('widget.timeZone')}</label>
      <input
        id={`${id}-zone`}
        list={`${id}-zones`}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        onFocus={load}
        onChange={(event) => commit(event.target.value)}
        onBlur={() => setDraft(timeZone)}
      />
      <datalist id={`${id}-zones`}>
        {zones?.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  )
}
