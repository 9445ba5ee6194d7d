import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue } from 'jotai'
import { BookingDetails } from '../../../components/booking/booking-details'
import { modeReadAtom, resultReadAtom } from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { StepHeading } from '../../../components/booking/step-heading'

/** "Thank you": what was booked, in the visitor's zone, with add-to-calendar and manage links. */
export function Confirmation() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const result = useAtomValue(resultReadAtom)
  const mode = useAtomValue(modeReadAtom)
  if (!result) return null
  const { booking } = result
  // A reschedule keeps the booking's status: the flow that moved it says "Rescheduled".
  const [heading, lead] =
    mode.kind === 'reschedule'
      ? [t('widget.rescheduled'), t('widget.rescheduledLead')]
      : booking.status === 'expired'
        ? // The hold ran out before a payment came: the seats went back.
          [t('widget.securePayment'), t('widget.paymentExpired')]
        : booking.status === 'requested'
          ? [t('widget.appointmentRequested'), t('widget.requestedLead')]
          : [t('widget.thankYou'), t('widget.scheduledLead')]
  const api = (path: string) =>
    `${process.env.GATSBY_API_URL ?? '/api'}${path.replace(/^\/api/, '')}`

  return (
    <section className="widget-step widget-confirmation" aria-labelledby="step-heading">
      <StepHeading>{heading}</StepHeading>
      <p role="status">{lead}</p>
      <BookingDetails booking={booking} languageTag={languageTag} />
      {booking.links && booking.status !== 'expired' ? (
        <>
          <h3>{t('widget.addToCalendar')}</h3>
          <ul className="widget-calendar-links">
            <li>
              <a href={booking.links.google} target="_blank" rel="noopener noreferrer">
                Google
              </a>
            </li>
            <li>
              <a href={booking.links.outlook} target="_blank" rel="noopener noreferrer">
                Outlook
              </a>
            </li>
            <li>
              <a href={api(booking.links.ics)} download>
                Outlook / iCal (.ics)
              </a>
            </li>
            <li>
              <a href={api(booking.links.ics)} download>
                iCloud (.ics)
              </a>
            </li>
          </ul>
          <p>
            <a href={booking.links.reschedule}>{t('widget.rescheduleLink')}</a> ·{' '}
            <a href={booking.links.cancel}>{t('widget.cancelLink')}</a>
          </p>
        </>
      ) : null}
    </section>
  )
}
