import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { usePageLocale } from '../../components/use-page-locale'
import {
  bookingTabs,
  type AdminBooking,
  type AdminStaff,
  type BookingFilters,
  type BookingTab,
} from '../../lib/admin/api-types'
import { formatPrice } from '../../lib/format'
import { formatShortDateTime } from '../../lib/format/booking'
import { bookingsCsvUrl, type BookingAction } from '../api'
import { useMayLeave } from '../kit/leave-guard'
import { PagedTable } from '../kit/paged'
import { selectColumn, useSelection } from '../kit/selection'
import { Tabs } from '../kit/tabs'
import { type Column } from '../kit/resource-table'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { readBookingsQuery, replaceSearch, writeBookingsQuery } from '../shell/url-query'
import { usePages } from '../shell/use-pages'
import { BookingDetail } from './booking-detail'
import { BookingFiltersForm } from './booking-filters'
import { BulkRequests } from './bulk-requests'
import { contactName, serviceNameOf } from './booking-rules'
import { EmailText } from '../shell/email-text'

/**
 * Issue 20's bookings: by tab and filters, a page at a time, one opened beside the list. `now`,
 * what the actions are judged by (has the booking begun?), is when the screen opened unless a
 * test fixes it; the API judges again when an action is sent.
 */
export function BookingsView({ now }: { now?: number }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const locale = usePageLocale()
  const { api, business } = useAdmin()
  const [openedAt] = useState(() => Date.now())
  // Where the address says to start: a reload, a bookmark or the calendar's link.
  const [start] = useState(() => readBookingsQuery(window.location.search))
  const [tab, setTab] = useState<BookingTab>(start.tab)
  const [filters, setFilters] = useState<Omit<BookingFilters, 'tab'>>(start.filters)
  const [status, setStatus] = useState<string>()
  const [selected, setSelected] = useState<AdminBooking | null>(null)
  const [openError, setOpenError] = useState<string>()
  const [staff, setStaff] = useState<AdminStaff[]>([])
  // Opening another booking, or another tab, closes the one open: a reason or an amount typed
  // into its action's form would go with it.
  const mayLeave = useMayLeave()

  useEffect(() => {
    // Without the staff list the staff filter offers "all" only; the bookings still show.
    api.staff().then(setStaff, () => undefined)
  }, [api])

  useEffect(() => {
    // The booking the address names, wherever it is in the lists (or a 404 said as such).
    if (start.booking === undefined) return
    let current = true
    api.booking(start.booking).then(
      (booking) => current && setSelected(booking),
      (failure: unknown) => current && setOpenError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, start.booking])

  useEffect(() => {
    replaceSearch(writeBookingsQuery({ tab, filters, booking: selected?.id }))
  }, [tab, filters, selected])

  const fetchPage = useCallback(
    (cursor?: string) =>
      api
        .bookings({ tab, ...filters, cursor })
        .then((page) => ({ items: page.bookings, next: page.nextCursor })),
    [api, tab, filters],
  )
  const pages = usePages(fetchPage)
  // Requests are what the front desk handles several at a time: only their tab chooses rows.
  const requests = tab === 'requested' ? pages.items.map((booking) => booking.id) : []
  const selection = useSelection(requests)

  const choose = (next: BookingTab) => {
    if (next !== tab && !mayLeave()) return
    setTab(next)
    selection.clear()
    setSelected(null)
    setStatus(undefined)
  }

  const onDone = (action: BookingAction, updated: AdminBooking) => {
    setStatus(t(`admin.actions.done.${action}`, { id: String(updated.id) }))
    setSelected(updated)
    // The same filters as a new object: the list loads its first page again.
    setFilters((current) => ({ ...current }))
  }

  const onBulkDone = (updated: AdminBooking[]) => {
    const open = updated.find((booking) => booking.id === selected?.id)
    if (open) setSelected(open)
    setFilters((current) => ({ ...current }))
  }

  const columns: Column<AdminBooking>[] = [
    ...(tab === 'requested'
      ? [
          selectColumn(
            selection,
            t('admin.bulk.column'),
            (booking: AdminBooking) => booking.id,
            (booking) =>
              t('admin.bulk.selectRow', { id: String(booking.id), name: contactName(booking) }),
          ),
        ]
      : []),
    {
      id: 'when',
      header: t('admin.bookings.when'),
      cell: (booking) => formatShortDateTime(booking.start, business.timeZone, tag),
    },
    {
      id: 'contact',
      header: t('admin.bookings.contact'),
      cell: (booking) => (
        <>
          <button
            type="button"
            className="admin-link"
            data-booking-row={booking.id}
            onClick={() => {
              if (booking.id === selected?.id || mayLeave()) setSelected(booking)
            }}
          >
            {contactName(booking)}
          </button>
          <br />
          <span className="widget-choice__meta">
            <EmailText email={booking.contact.email} />
          </span>
        </>
      ),
    },
    {
      id: 'services',
      header: t('admin.bookings.services'),
      cell: (booking) => (
        <ul className="admin-plain-list">
          {booking.lines
            .filter((line) => line.occurrence === 0)
            .map((line, index) => (
              <li key={index}>
                {serviceNameOf(line, locale)} · {line.staffName}
              </li>
            ))}
        </ul>
      ),
    },
    {
      id: 'status',
      header: t('admin.bookings.status'),
      cell: (booking) =>
        `${t(`admin.status.${booking.status}`)}${booking.noShow ? ` · ${t('admin.bookings.noShow')}` : ''}`,
    },
    {
      id: 'payment',
      header: t('admin.bookings.payment'),
      cell: (booking) =>
        booking.payment
          ? `${t(`admin.payment.${booking.payment.status}`)} · ${formatPrice(
              booking.payment.paidAmount,
              booking.payment.currency,
              tag,
            )}`
          : t('admin.payment.none'),
    },
  ]

  return (
    <section
      aria-labelledby="bookings-title"
      className={selected ? 'admin-resource admin-resource--detail' : 'admin-resource'}
    >
      <div className="admin-title-row">
        <h1 id="bookings-title">{t('admin.bookings.title')}</h1>
        <a className="widget-button" href={bookingsCsvUrl({ tab, ...filters })} download>
          {t('admin.bookings.csv')}
        </a>
      </div>
      <BookingFiltersForm staff={staff} initial={start.filters} onApply={setFilters} />
      <Tabs
        label={t('admin.bookings.tabs')}
        tabs={bookingTabs.map((each) => ({ value: each, label: t(`admin.tab.${each}`) }))}
        chosen={tab}
        onChoose={choose}
        idOf={(each) => `bookings-tab-${each}`}
        panelId="bookings-panel"
      />
      <p role="status" className="admin-status">
        {status}
      </p>
      <Alert>{pages.error ?? openError}</Alert>
      <div className="admin-split">
        <div role="tabpanel" id="bookings-panel" aria-labelledby={`bookings-tab-${tab}`}>
          {requests.length ? (
            <BulkRequests shown={requests.length} selection={selection} onDone={onBulkDone} />
          ) : null}
          <PagedTable
            label={t('admin.catalogue.listLabel', { title: t(`admin.tab.${tab}`) })}
            pages={pages}
            older={t('admin.loadMore')}
            columns={columns}
            rowId={(booking) => booking.id}
            current={selected?.id}
            empty={t('admin.bookings.empty')}
          />
          {pages.loading ? <p>{t('admin.loading')}</p> : null}
        </div>
        {selected ? (
          <BookingDetail
            key={selected.id}
            booking={selected}
            now={now ?? openedAt}
            onClose={() => {
              if (!mayLeave()) return
              // Back in the list (on a phone the list was hidden): at the booking's own row.
              const row = selected.id
              setSelected(null)
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>(`[data-booking-row="${row}"]`)?.focus(),
              )
            }}
            onDone={onDone}
          />
        ) : null}
      </div>
    </section>
  )
}
