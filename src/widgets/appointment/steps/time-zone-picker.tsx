import { useTranslation } from 'gatsby-plugin-react-i18next'
import { atom, useAtom } from 'jotai'
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { isValidTimeZone, listTimeZones } from '../../../lib/time'
import {
  isTwentyFourHour,
  offersClockChoice,
  searchZones,
  zoneChoices,
  zoneClock,
  type HourCycle,
  type ZoneChoice,
} from '../../../lib/time/zone-search'
import { MESSAGES } from '../../../lib/validation/messages'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { useMessage } from '../../../components/use-message'
import { timeZoneAtom } from '../state'

/** The clock the visitor chose for times on this step; undefined keeps the language's own. */
export const hourCycleAtom = atom<HourCycle>(undefined)

const SHOWN_MATCHES = 8

// Built once per language and page: a few thousand Intl calls, too many to repeat per keystroke.
const choicesByLanguage = new Map<string, ZoneChoice[]>()
function choicesFor(languageTag: string): ZoneChoice[] {
  let choices = choicesByLanguage.get(languageTag)
  if (!choices) {
    choices = zoneChoices(listTimeZones(), languageTag, Date.now())
    choicesByLanguage.set(languageTag, choices)
  }
  return choices
}

/**
 * A time-zone search (an ARIA combobox): the visitor types a city, a country or an abbreviation
 * in their language ('Tokio', 'Japan', 'JST') and picks from zones showing their current time;
 * Enter or Tab takes the highlighted one. The zones come from the browser's Intl, so nothing is
 * fetched. Text that finds no zone is kept as typed and answered with the spec's message.
 */
export function TimeZonePicker() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const [timeZone, setTimeZone] = useAtom(timeZoneAtom)
  const [hourCycle, setHourCycle] = useAtom(hourCycleAtom)
  const [draft, setDraft] = useState(timeZone)
  const [searching, setSearching] = useState(false)
  const [active, setActive] = useState(0)
  const [unknown, setUnknown] = useState(false)
  // Read when the visitor searches, so each list shows the zones' times as of that moment.
  const [now, setNow] = useState(() => Date.now())
  const id = useId()
  const matches = useMemo(
    () => (searching ? searchZones(choicesFor(languageTag), draft).slice(0, SHOWN_MATCHES) : []),
    [searching, draft, languageTag],
  )

  const apply = (zone: string) => {
    setTimeZone(zone)
    setDraft(zone)
    setSearching(false)
    setUnknown(false)
  }
  const change = (value: string) => {
    setNow(Date.now())
    setDraft(value)
    setSearching(true)
    setActive(0)
    setUnknown(false)
    // A full zone name applies as typed; the slash keeps a half-typed one ("CE" on the way to
    // "CET") from applying too early.
    if (isValidTimeZone(value) && value.includes('/')) setTimeZone(value)
  }
  // Leaving the field, or Enter, is when the visitor means the text: a listed zone's name as
  // typed, else the highlighted match, else any name Intl knows ('Etc/GMT+5'). Matches come
  // before Intl's names because Intl also takes a few old aliases ('Japan', 'JST') as zones.
  const settle = () => {
    const typed = draft.trim()
    if (!searching) return
    const listed = choicesFor(languageTag).some((choice) => choice.zone === typed)
    const chosen =
      (listed ? typed : matches[active]?.zone) ?? (isValidTimeZone(typed) ? typed : undefined)
    if (chosen) apply(chosen)
    else {
      setSearching(false)
      setUnknown(true)
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!searching) return setSearching(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => Math.min(Math.max(current + step, 0), matches.length - 1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      settle()
    } else if (event.key === 'Escape' && searching) {
      event.preventDefault()
      setSearching(false)
      setDraft(timeZone)
    }
  }

  const errorId = `${id}-zone-error`
  const listId = `${id}-zones`
  const optionId = (index: number) => `${id}-zone-${index}`
  const expanded = matches.length > 0
  return (
    <div className="widget-field widget-timezone">
      <label htmlFor={`${id}-zone`}>{t('widget.timeZone')}</label>
      <input
        id={`${id}-zone`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(active) : undefined}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={unknown}
        aria-describedby={unknown ? errorId : undefined}
        // Builds the search in the moment after focus, so the first letter typed does not wait.
        onFocus={() => setTimeout(() => choicesFor(languageTag))}
        onChange={(event) => change(event.target.value)}
        onBlur={settle}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('widget.timeZone')} hidden={!expanded}>
        {matches.map((choice, index) => (
          <li
            key={choice.zone}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="widget-timezone__option"
            // Before the field's blur, so the click, not the highlighted match, decides.
            onMouseDown={(event) => {
              event.preventDefault()
              apply(choice.zone)
            }}
          >
            <span>{choice.country ? `${choice.city}, ${choice.country}` : choice.city}</span>{' '}
            <span className="widget-timezone__clock">
              {zoneClock(choice.zone, now, languageTag, hourCycle)}
            </span>
          </li>
        ))}
      </ul>
      {unknown ? (
        <p id={errorId} className="widget-field__error" role="alert">
          {translate(MESSAGES.noTimezone)}
        </p>
      ) : null}
      {offersClockChoice(languageTag) ? (
        <label className="widget-timezone__clock-choice">
          <input
            type="checkbox"
            checked={isTwentyFourHour(languageTag, hourCycle)}
            onChange={(event) => setHourCycle(event.target.checked ? 'h23' : 'h12')}
          />
          {t('widget.twentyFourHourClock')}
        </label>
      ) : null}
    </div>
  )
}
