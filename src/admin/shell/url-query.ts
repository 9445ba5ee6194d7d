import { bookingTabs, type BookingFilters, type BookingTab } from '../../lib/admin/api-types'
import { STUDIO_STATUSES, type StudioStatus } from '../../lib/admin/content-types'
import { CONTENT_KINDS, type ContentKind } from '../../lib/content/types'
import { isRealDate, type LocalDate } from '../../lib/time'

/**
 * What a dashboard screen keeps in its address (`?tab=requested&staffId=3&booking=12`), so a
 * reload, a bookmark or a link sent to a colleague opens the same view. Read leniently: a value
 * that does not parse is left out, never an error.
 */

const id = (value: string | null) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined
const date = (value: string | null) => (value && isRealDate(value) ? value : undefined)

export interface BookingsQuery {
  tab: BookingTab
  filters: Omit<BookingFilters, 'tab'>
  /** The booking opened beside the list. */
  booking?: number
}

export function readBookingsQuery(search: string): BookingsQuery {
  const params = new URLSearchParams(search)
  const tab = params.get('tab')
  const filters: Omit<BookingFilters, 'tab'> = {
    serviceId: id(params.get('serviceId')),
    staffId: id(params.get('staffId')),
    from: date(params.get('from')),
    to: date(params.get('to')),
    q: params.get('q')?.trim().slice(0, 200) || undefined,
  }
  return {
    tab: bookingTabs.includes(tab as BookingTab) ? (tab as BookingTab) : 'upcoming',
    filters: Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined),
    ) as BookingsQuery['filters'],
    booking: id(params.get('booking')),
  }
}

/** The query string of a bookings view, without what is the default. */
export function writeBookingsQuery({ tab, filters, booking }: BookingsQuery): string {
  const params = new URLSearchParams()
  if (tab !== 'upcoming') params.set('tab', tab)
  for (const key of ['serviceId', 'staffId', 'from', 'to', 'q'] as const) {
    const value = filters[key]
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  if (booking !== undefined) params.set('booking', String(booking))
  const search = params.toString()
  return search ? `?${search}` : ''
}

export type CalendarMode = 'day' | 'week'

export interface CalendarQuery {
  mode: CalendarMode
  date?: LocalDate
}

export function readCalendarQuery(search: string): CalendarQuery {
  const params = new URLSearchParams(search)
  return { mode: params.get('mode') === 'week' ? 'week' : 'day', date: date(params.get('date')) }
}

export function writeCalendarQuery({ mode, date: day }: CalendarQuery): string {
  const params = new URLSearchParams()
  if (mode !== 'day') params.set('mode', mode)
  if (day) params.set('date', day)
  const search = params.toString()
  return search ? `?${search}` : ''
}

/**
 * The staff member of a screen of one member's things (availability, calendars: `?staffId=3`);
 * the first one is the default.
 */
export function readStaffQuery(search: string): { staffId?: number } {
  const staffId = id(new URLSearchParams(search).get('staffId'))
  return staffId === undefined ? {} : { staffId }
}

export function writeStaffQuery({ staffId }: { staffId?: number }): string {
  return staffId === undefined ? '' : `?staffId=${staffId}`
}

/**
 * A list's sort (`?sort=name`, `?sort=-price` for descending) among `columns`, the ids it may
 * sort by; anything else is no sort.
 */
export function readSort(search: string, columns: string[]): { id: string; desc: boolean }[] {
  const value = new URLSearchParams(search).get('sort') ?? ''
  const id = value.replace(/^-/, '')
  return columns.includes(id) ? [{ id, desc: value.startsWith('-') }] : []
}

/**
 * `search` with `values` in it, its other parameters kept: what one part of a screen (its list's
 * sort, its filters) writes without undoing another's. An undefined or empty value is left out.
 */
export function withParams(search: string, values: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search)
  for (const [key, value] of Object.entries(values)) {
    if (value) params.set(key, value)
    else params.delete(key)
  }
  const written = params.toString()
  return written ? `?${written}` : ''
}

/** The address with a list's sort in it (none: without), its other parameters kept. */
export function writeSort(search: string, sorting: { id: string; desc: boolean }[]): string {
  const [sort] = sorting
  return withParams(search, { sort: sort ? `${sort.desc ? '-' : ''}${sort.id}` : undefined })
}

export interface ContentQuery {
  kind: ContentKind
  q: string
  /** Only drafts, or only what is published; both when undefined. */
  status?: StudioStatus
}

/** The content screen's kind, search and status (`?kind=posts&q=knee&status=draft`). */
export function readContentQuery(search: string): ContentQuery {
  const params = new URLSearchParams(search)
  const kind = params.get('kind') as ContentKind
  const status = params.get('status') as StudioStatus
  return {
    kind: CONTENT_KINDS.includes(kind) ? kind : 'pages',
    q: params.get('q')?.slice(0, 200) ?? '',
    ...(STUDIO_STATUSES.includes(status) ? { status } : {}),
  }
}

export const writeContentQuery = (search: string, { kind, q, status }: ContentQuery) =>
  withParams(search, { kind: kind === 'pages' ? undefined : kind, q: q.trim(), status })

/**
 * Puts `search` in the address in place of the current one: no new history entry (changing a
 * filter is not a page to go back to) and no navigation (the view already shows it).
 */
export function replaceSearch(search: string): void {
  const { pathname, hash } = window.location
  if (window.location.search === search) return
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`)
}
