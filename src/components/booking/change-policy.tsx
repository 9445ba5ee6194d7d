import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { BookingView } from '../../lib/booking/api-types'
import { formatDateTime, formatTimeUntil } from '../../lib/format/booking'
import { LocalizedLink } from '../localized-link'
import { BookingDetails } from './booking-details'
import { StepHeading } from './step-heading'

/** Which change the screen is for: the two have their own cut-offs. */
export type BookingChange = 'reschedule' | 'cancel'

const untilOf = (booking: BookingView, change: BookingChange) =>
  change === 'reschedule' ? booking.policy.rescheduleUntil : booking.policy.cancelUntil

interface Props {
  booking: BookingView
  change: BookingChange
  timeZone: string
  languageTag: string
}

/** The moment the screen opened: what the deadline is measured against while it is read. */
function useOpenedAt(): number {
  const [openedAt] = useState(() => Date.now())
  return openedAt
}

/** Until when the change is possible, said before the visitor starts on it. */
export function ChangeDeadline({ booking, change, timeZone, languageTag }: Props) {
  const { t } = useTranslation()
  const now = useOpenedAt()
  const until = untilOf(booking, change)
  if (!until) return null
  return (
    <p className="widget-policy">
      {t(change === 'reschedule' ? 'widget.rescheduleUntil' : 'widget.cancelUntil', {
        until: formatDateTime(until, timeZone, languageTag),
        relative: formatTimeUntil(until, now, timeZone, languageTag),
      })}
    </p>
  )
}

/**
 * A valid link to a booking that can no longer be changed online (its cut-off has passed, or its
 * state does not allow it): said at once, with how to reach the business and a way back, so the
 * visitor never fills in a calendar or a reason for nothing.
 */
export function ChangeClosed({ booking, change, timeZone, languageTag }: Props) {
  const { t } = useTranslation()
  const now = useOpenedAt()
  const until = untilOf(booking, change)
  const late = until !== null && Date.parse(until) < now
  const { name, slug } = booking.provider
  return (
    <section className="widget-step widget-closed" aria-labelledby="step-heading">
      <StepHeading>
        {t(change === 'reschedule' ? 'widget.rescheduleClosed' : 'widget.cancelClosed')}
      </StepHeading>
      {late && until ? (
        <p role="status">
          {t(change === 'reschedule' ? 'widget.rescheduleWasUntil' : 'widget.cancelWasUntil', {
            until: formatDateTime(until, timeZone, languageTag),
          })}
        </p>
      ) : null}
      <p>{t('widget.contactBusiness', { name })}</p>
      <BusinessContact provider={booking.provider} />
      <BookingDetails booking={booking} languageTag={languageTag} timeZone={timeZone} />
      <p>
        <LocalizedLink to={`/widget/appointment/${encodeURIComponent(slug)}`}>
          {t('widget.backToProvider', { name })}
        </LocalizedLink>
      </p>
    </section>
  )
}

/** How to reach the business when a change is no longer possible online. */
export function BusinessContact({ provider }: { provider: BookingView['provider'] }) {
  const { t } = useTranslation()
  const { email, phone } = provider
  if (!email && !phone) return null
  return (
    <dl className="widget-details widget-contact">
      {email ? (
        <>
          <dt>{t('widget.field.email')}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </>
      ) : null}
      {phone ? (
        <>
          <dt>{t('widget.field.phone')}</dt>
          <dd>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </dd>
        </>
      ) : null}
    </dl>
  )
}
