import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { usePageLocale } from '../../components/use-page-locale'
import type { AdminBooking, AdminStaff } from '../../lib/admin/api-types'
import type { BookingLineView } from '../../lib/booking/api-types'
import { formatLocalDate, formatTime } from '../../lib/format/booking'
import { addDaysToDate, instantToZonedDate, weekdayOfDate, type LocalDate } from '../../lib/time'
import type { AdminApi } from '../api'
import { contactName, serviceNameOf } from '../bookings/booking-rules'
import { ScreenInput } from '../kit/screen-choice'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import {
  readCalendarQuery,
  replaceSearch,
  writeCalendarQuery,
  type CalendarMode,
} from '../shell/url-query'

interface Entry {
  booking: AdminBooking
  line: BookingLineView
  date: LocalDate
}

// A calendar shows what takes place; the bookings that gave their time back are left out.
const GONE = new Set(['cancelled', 'declined', 'expired'])

// The list API pages; a calendar needs every page of its range, within reason.
const MAX_PAGES = 10

async function bookingsBetween(api: AdminApi, from: LocalDate, to: LocalDate) {
  const all: AdminBooking[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await api.bookings({ from, to, cursor, limit: 100 })
    all.push(...answer.bookings)
    if (!answer.nextCursor) break
    cursor = answer.nextCursor
  }
  return all
}

/** Monday of the week a date is in. */
const mondayOf = (date: LocalDate) => addDaysToDate(date, -((weekdayOfDate(date) + 6) % 7))

/** A day per staff member, or a week per day, from the bookings list in the business's zone. */
export function CalendarView({ now }: { now?: number }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const locale = usePageLocale()
  const { api, business, base } = useAdmin()
  const zone = business.timeZone
  const [openedAt] = useState(() => now ?? Date.now())
  const today = instantToZonedDate(openedAt, zone)
  // The view and day the address names (a reload keeps them), else today's day.
  const [start] = useState(() => readCalendarQuery(window.location.search))
  const [mode, setMode] = useState<CalendarMode>(start.mode)
  const [date, setDate] = useState<LocalDate>(start.date ?? today)
  const [staff, setStaff] = useState<AdminStaff[]>([])
  const [shown, setShown] = useState<{ range: string; entries: Entry[]; error?: string }>()

  const from = mode === 'day' ? date : mondayOf(date)
  const to = mode === 'day' ? date : addDaysToDate(from, 6)
  const range = `${from}/${to}`

  useEffect(() => {
    api.staff().then(setStaff, () => undefined)
  }, [api])

  useEffect(() => {
    replaceSearch(writeCalendarQuery({ mode, date: date === today ? undefined : date }))
  }, [mode, date, today])

  useEffect(() => {
    let current = true
    bookingsBetween(api, from, to).then(
      (bookings) => {
        if (!current) return
        const lines = bookings
          .filter((booking) => !GONE.has(booking.status))
          .flatMap((booking) =>
            booking.lines.map((line) => ({
              booking,
              line,
              date: instantToZonedDate(Date.parse(line.start), zone),
            })),
          )
          .filter((entry) => entry.date >= from && entry.date <= to)
          .sort((a, b) => Date.parse(a.line.start) - Date.parse(b.line.start))
        setShown({ range: `${from}/${to}`, entries: lines })
      },
      (failure: unknown) => {
        if (current) setShown({ range: `${from}/${to}`, entries: [], error: messageOf(failure) })
      },
    )
    return () => {
      current = false
    }
  }, [api, from, to, zone])

  const loading = shown?.range !== range
  const entries = loading ? [] : shown.entries
  const error = loading ? undefined : shown.error

  // Staff with bookings but missing from the staff list (another role's view) still get a column.
  const columns: { id: number; name: string }[] = [...staff]
  for (const { line } of entries) {
    if (!columns.some((column) => column.id === line.staffId)) {
      columns.push({ id: line.staffId, name: line.staffName })
    }
  }
  const days = Array.from({ length: 7 }, (_, i) => addDaysToDate(from, i))
  const groups =
    mode === 'day'
      ? columns.map((column) => ({
          key: `staff-${column.id}`,
          title: column.name,
          items: entries.filter((entry) => entry.line.staffId === column.id),
        }))
      : days.map((day) => ({
          key: `day-${day}`,
          title: formatLocalDate(day, tag),
          items: entries.filter((entry) => entry.date === day),
        }))
  const step = mode === 'day' ? 1 : 7

  return (
    <section aria-labelledby="calendar-title">
      <h1 id="calendar-title">{t('admin.calendar.title')}</h1>
      <div className="admin-toolbar">
        <div role="group" aria-label={t('admin.calendar.view')}>
          {(['day', 'week'] as const).map((each) => (
            <button
              key={each}
              type="button"
              className="widget-button"
              aria-pressed={mode === each}
              onClick={() => setMode(each)}
            >
              {t(`admin.calendar.${each}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="widget-button"
          onClick={() => setDate(addDaysToDate(date, -step))}
        >
          {t(mode === 'day' ? 'admin.calendar.previousDay' : 'admin.calendar.previousWeek')}
        </button>
        <button type="button" className="widget-button" onClick={() => setDate(today)}>
          {t('admin.calendar.today')}
        </button>
        <button
          type="button"
          className="widget-button"
          onClick={() => setDate(addDaysToDate(date, step))}
        >
          {t(mode === 'day' ? 'admin.calendar.nextDay' : 'admin.calendar.nextWeek')}
        </button>
        <ScreenInput
          id="calendar-date"
          label={t('admin.calendar.date')}
          type="date"
          value={date}
          onChange={(value) => value && setDate(value)}
        />
      </div>
      <p role="status" className="admin-status">
        {loading
          ? t('admin.loading')
          : mode === 'day'
            ? formatLocalDate(date, tag)
            : t('admin.calendar.range', {
                from: formatLocalDate(from, tag),
                to: formatLocalDate(to, tag),
              })}
      </p>
      <Alert>{error}</Alert>
      <div className={`admin-calendar admin-calendar--${mode}`}>
        {groups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`calendar-${group.key}`}
            className="admin-calendar__column"
          >
            <h2 id={`calendar-${group.key}`}>{group.title}</h2>
            {group.items.length === 0 ? (
              <p className="widget-choice__meta">{t('admin.calendar.free')}</p>
            ) : (
              <ol className="admin-plain-list">
                {group.items.map(({ booking, line }, index) => (
                  <li
                    key={`${booking.id}-${index}`}
                    className={`admin-calendar__entry admin-calendar__entry--${booking.status}`}
                  >
                    <Link to={`${base}?booking=${booking.id}`} className="admin-calendar__open">
                      <strong>
                        {formatTime(line.start, zone, tag)}–{formatTime(line.end, zone, tag)}
                      </strong>{' '}
                      {serviceNameOf(line, locale)}
                    </Link>
                    <br />
                    {contactName(booking)}
                    {mode === 'week' ? ` · ${line.staffName}` : null}
                    {booking.status !== 'confirmed'
                      ? ` · ${t(`admin.status.${booking.status}`)}`
                      : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    </section>
  )
}
