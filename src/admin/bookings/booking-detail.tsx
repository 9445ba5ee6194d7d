import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { usePageLocale } from '../../components/use-page-locale'
import type { AdminBooking } from '../../lib/admin/api-types'
import type { AnswerValue } from '../../lib/forms/definition'
import { formatPrice } from '../../lib/format'
import { formatDateTime, formatShortDateTime, formatTime } from '../../lib/format/booking'
import type { BookingAction } from '../api'
import { QuietButton } from '../kit/main-action'
import { EmailText } from '../shell/email-text'
import { useAdmin } from '../shell/admin-context'
import { actionText, actorText } from '../audit/activity'
import { BookingActions } from './booking-actions'
import { contactName, serviceNameOf } from './booking-rules'

const answerText = (answer: AnswerValue, yes: string, no: string) =>
  Array.isArray(answer)
    ? answer.join(', ')
    : typeof answer === 'boolean'
      ? answer
        ? yes
        : no
      : String(answer)

/** Everything the business knows of one booking, and what can be done to it now. */
export function BookingDetail({
  booking,
  now,
  onClose,
  onDone,
}: {
  booking: AdminBooking
  now: number
  onClose: () => void
  onDone: (action: BookingAction, updated: AdminBooking) => void
}) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const locale = usePageLocale()
  const { business } = useAdmin()
  const zone = business.timeZone
  const money = (amount: number, currency = booking.currency) => formatPrice(amount, currency, tag)
  const party = booking.guestCount ?? booking.guests.length + 1
  const heading = useRef<HTMLHeadingElement>(null)
  // Opening a booking moves there: on a phone the panel is below the list, out of sight.
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="admin-panel admin-detail" aria-labelledby="booking-detail-title">
      <div className="admin-detail__head">
        <h2 id="booking-detail-title" ref={heading} tabIndex={-1}>
          {t('admin.detail.title', { id: String(booking.id) })}
        </h2>
        <QuietButton onClick={onClose}>{t('admin.detail.close')}</QuietButton>
      </div>
      <dl className="widget-details">
        <dt>{t('admin.detail.when')}</dt>
        <dd>
          {formatDateTime(booking.start, zone, tag)}–{formatTime(booking.end, zone, tag)}
          {booking.occurrences.length > 1
            ? ` (${t('admin.detail.occurrences', { number: String(booking.occurrences.length) })})`
            : null}
        </dd>
        <dt>{t('admin.detail.status')}</dt>
        <dd>
          {t(`admin.status.${booking.status}`)}
          {booking.noShow ? ` · ${t('admin.bookings.noShow')}` : null}
          {booking.status === 'held' && booking.holdExpiresAt
            ? ` · ${t('admin.detail.heldUntil', { time: formatShortDateTime(booking.holdExpiresAt, zone, tag) })}`
            : null}
          {booking.cancellationReason ? ` · ${booking.cancellationReason}` : null}
        </dd>
        <dt>{t('admin.detail.party')}</dt>
        <dd>
          {t('admin.detail.people', { number: String(party) })}
          {booking.guests.length > 0 ? (
            <ul>
              {booking.guests.map((guest, index) => (
                <li key={index}>
                  {guest.name} {guest.email ? `<${guest.email}>` : null}
                </li>
              ))}
            </ul>
          ) : null}
        </dd>
        <dt>{t('admin.detail.contact')}</dt>
        <dd>
          {contactName(booking)}
          <br />
          {booking.contact.email ? (
            <a href={`mailto:${booking.contact.email}`}>
              <EmailText email={booking.contact.email} />
            </a>
          ) : null}
          {booking.contact.phone ? (
            <>
              {' · '}
              <a href={`tel:${booking.contact.phone}`}>{booking.contact.phone}</a>
            </>
          ) : null}
        </dd>
        <dt>{t('admin.detail.lines')}</dt>
        <dd>
          <ul>
            {booking.lines.map((line, index) => (
              <li key={index}>
                {t('admin.detail.line', {
                  guest: line.guestName,
                  service: serviceNameOf(line, locale),
                  staff: line.staffName,
                  time: formatShortDateTime(line.start, zone, tag),
                })}{' '}
                · {money(line.priceCents, line.currency)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('admin.detail.payment')}</dt>
        <dd>
          {booking.payment
            ? t('admin.detail.paymentLine', {
                status: t(`admin.payment.${booking.payment.status}`),
                paid: money(booking.payment.paidAmount, booking.payment.currency),
                total: money(booking.payment.totalAmount, booking.payment.currency),
                refunded: money(booking.payment.refundedAmount, booking.payment.currency),
              })
            : `${t('admin.payment.none')} · ${money(booking.totalCents)}`}
        </dd>
      </dl>
      {booking.intake.map((form) => (
        <section key={form.formId} aria-labelledby={`intake-${form.formId}`}>
          <h3 id={`intake-${form.formId}`}>{t('admin.detail.intake', { title: form.title })}</h3>
          <dl className="widget-details">
            {form.answers.map((answer) => (
              <div key={answer.fieldId} className="admin-contents">
                <dt>{answer.label}</dt>
                <dd>{answerText(answer.answer, t('admin.yes'), t('admin.no'))}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <h3>{t('admin.detail.history')}</h3>
      <ol className="admin-history">
        {booking.history.map((entry, index) => (
          <li key={index}>
            {formatShortDateTime(entry.at, zone, tag)} ·{' '}
            {t('admin.detail.event', {
              event: actionText(entry.type, t),
              actor: actorText(entry.actor, t),
            })}
          </li>
        ))}
      </ol>
      <BookingActions booking={booking} now={now} onDone={onDone} />
    </section>
  )
}
