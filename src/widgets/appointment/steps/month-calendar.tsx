import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useRef, type KeyboardEvent } from 'react'
import { formatLocalDate, formatMonth, weekdayNames } from '../../../lib/format/booking'
import { monthGrid, shiftDate, shiftMonth } from '../month-grid'
import type { DateInVisitorZone, MonthInVisitorZone } from '../state'

interface Props {
  month: MonthInVisitorZone
  /** The calendar's ends: the current month (or later) and the booking horizon's month. */
  firstMonth: MonthInVisitorZone
  lastMonth: MonthInVisitorZone | undefined
  selectedDay: DateInVisitorZone | null
  /** Days that have at least one free slot. */
  availableDays: Set<DateInVisitorZone>
  languageTag: string
  onMonthChange: (month: MonthInVisitorZone) => void
  onSelectDay: (day: DateInVisitorZone) => void
}

const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
}

/** A month grid: arrow keys move between days (and months), Enter or Space picks one. */
export function MonthCalendar(props: Props) {
  const { month, firstMonth, lastMonth, selectedDay, availableDays, languageTag } = props
  const canShow = (target: MonthInVisitorZone) =>
    target >= firstMonth && (lastMonth === undefined || target <= lastMonth)
  const { t } = useTranslation()
  const grid = useRef<HTMLTableElement>(null)
  const weeks = monthGrid(month)
  const days = weeks.flat().filter((day): day is DateInVisitorZone => day !== null)
  // The grid's one tab stop: the chosen day, else the first with times, so a keyboard visitor
  // starts where a booking can happen instead of arrowing across empty days from the 1st.
  const focusDay = selectedDay?.startsWith(month)
    ? selectedDay
    : (days.find((day) => availableDays.has(day)) ?? `${month}-01`)

  const onKeyDown = (event: KeyboardEvent, day: DateInVisitorZone) => {
    const step = KEY_STEPS[event.key]
    if (step === undefined) return
    event.preventDefault()
    const target = shiftDate(day, step)
    if (!target.startsWith(month)) {
      if (!canShow(target.slice(0, 7))) return
      props.onMonthChange(target.slice(0, 7))
      props.onSelectDay(target)
      return
    }
    props.onSelectDay(target)
    requestAnimationFrame(() =>
      grid.current?.querySelector<HTMLButtonElement>(`[data-date="${target}"]`)?.focus(),
    )
  }

  return (
    <div className="widget-calendar">
      <div className="widget-calendar__header">
        <button
          type="button"
          className="widget-button widget-button--quiet"
          onClick={() => props.onMonthChange(shiftMonth(month, -1))}
          disabled={!canShow(shiftMonth(month, -1))}
          aria-label={t('widget.previousMonth')}
        >
          ‹
        </button>
        <h3 aria-live="polite">{formatMonth(month, languageTag)}</h3>
        <button
          type="button"
          className="widget-button widget-button--quiet"
          onClick={() => props.onMonthChange(shiftMonth(month, 1))}
          disabled={!canShow(shiftMonth(month, 1))}
          aria-label={t('widget.nextMonth')}
        >
          ›
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={formatMonth(month, languageTag)}>
        <thead>
          <tr>
            {weekdayNames(languageTag).map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, cell) =>
                day ? (
                  <td key={day}>
                    <button
                      type="button"
                      data-date={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      className={[
                        'widget-day',
                        availableDays.has(day) ? 'widget-day--available' : '',
                        day === selectedDay ? 'widget-day--selected' : '',
                      ].join(' ')}
                      aria-pressed={day === selectedDay}
                      aria-label={`${formatLocalDate(day, languageTag)}${
                        availableDays.has(day) ? `, ${t('widget.hasSlots')}` : ''
                      }`}
                      onClick={() => props.onSelectDay(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`pad-${cell}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
