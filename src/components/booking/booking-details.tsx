import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { BookingLineView, BookingView } from '../../lib/booking/api-types'
import { localizedService } from '../../lib/booking/localized-service'
import { formatDate, formatDateTime, formatTime } from '../../lib/format/booking'
import { usePageLocale } from '../use-page-locale'
import { PaymentSummary } from './payment-summary'

/**
 * A booking as its visitor sees it: shared by the booking flow's confirmation and the reschedule
 * and cancel screens. Times are in the zone it was booked in unless a screen passes another: a
 * link opened later may be opened elsewhere, so the cancel screen passes the browser's zone.
 */
export function BookingDetails({
  booking,
  languageTag,
  timeZone: zone = booking.timeZone,
}: {
  booking: BookingView
  languageTag: string
  timeZone?: string
}) {
  // One grid for both lists, so the amounts line up with the facts above them.
  return (
    <div className="widget-details-group">
      <BookingFacts booking={booking} languageTag={languageTag} zone={zone} />
      {booking.payment ? (
        <PaymentSummary payment={booking.payment} languageTag={languageTag} />
      ) : null}
    </div>
  )
}

function BookingFacts({
  booking,
  languageTag,
  zone,
}: {
  booking: BookingView
  languageTag: string
  zone: string
}) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  // In the page's language, as the e-mails name it (the booking stores the default name).
  const serviceNameOf = (line: BookingLineView) =>
    localizedService(
      { name: line.serviceName, description: '', translations: line.serviceTranslations },
      locale,
    ).name
  const firstOccurrence = booking.lines.filter((line) => line.occurrence === 0)
  const staff = [...new Set(firstOccurrence.map((line) => line.staffName))].join(', ')
  return (
    <dl className="widget-details">
      <dt>{t('widget.date')}</dt>
      <dd>{formatDate(booking.start, zone, languageTag)}</dd>
      <dt>{t('widget.time')}</dt>
      <dd>
        {formatTime(booking.start, zone, languageTag)} –{' '}
        {formatTime(booking.end, zone, languageTag)}
      </dd>
      <dt>{t('widget.timeZone')}</dt>
      <dd>{zone}</dd>
      <dt>{t('widget.duration')}</dt>
      <dd>{t('widget.minutes', { count: booking.durationMinutes })}</dd>
      {booking.location ? (
        <>
          <dt>{t('widget.location')}</dt>
          <dd>{booking.location}</dd>
        </>
      ) : null}
      <dt>{t('widget.staff')}</dt>
      <dd>{staff}</dd>
      <dt>{t('widget.services')}</dt>
      <dd>
        <ul>
          {/* A collective service's crew share one line per person: each shown once. */}
          {firstOccurrence
            .filter(
              (line, index) =>
                firstOccurrence.findIndex(
                  (other) =>
                    other.guestIndex === line.guestIndex && other.serviceId === line.serviceId,
                ) === index,
            )
            .map((line) => (
              <li key={`${line.guestIndex}-${line.serviceId}`}>
                {line.guestName}: {serviceNameOf(line)}
              </li>
            ))}
        </ul>
      </dd>
      {booking.occurrences.length > 1 ? (
        <>
          <dt>{t('widget.occurrences')}</dt>
          <dd>
            <ul>
              {booking.occurrences.map((occurrence) => (
                <li key={occurrence.start}>
                  {formatDateTime(occurrence.start, zone, languageTag)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  )
}
