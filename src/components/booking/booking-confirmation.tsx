import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { BookingLinks, BookingView } from '../../lib/booking/api-types'
import { BookingDetails } from './booking-details'
import { BusinessContact } from './change-policy'
import { usePageLocale } from '../use-page-locale'
import { StepHeading } from './step-heading'

const api = (path: string) => `${process.env.GATSBY_API_URL ?? '/api'}${path.replace(/^\/api/, '')}`

/**
 * Every confirmation (booked, requested, rescheduled, paid): what was booked, add-to-calendar,
 * and the manage links the server still offers. A link the policy no longer allows is not in
 * the view; the visitor is told so, with how to reach the business, instead.
 */
export function BookingConfirmation({
  booking,
  heading,
  lead,
  languageTag,
}: {
  booking: BookingView
  heading: string
  lead: string
  languageTag: string
}) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const { links } = booking
  // The file in the language the widget shows, as the e-mails carry it in the booking's.
  const ics = links ? `${api(links.ics)}?locale=${locale}` : ''
  return (
    <section className="widget-step widget-confirmation" aria-labelledby="step-heading">
      <StepHeading>{heading}</StepHeading>
      <p role="status">{lead}</p>
      <BookingDetails booking={booking} languageTag={languageTag} />
      {links && booking.status !== 'expired' ? (
        <>
          <h3>{t('widget.addToCalendar')}</h3>
          <ul className="widget-calendar-links">
            <li>
              <a href={links.google} target="_blank" rel="noopener noreferrer">
                Google
              </a>
            </li>
            <li>
              <a href={links.outlook} target="_blank" rel="noopener noreferrer">
                Outlook
              </a>
            </li>
            <li>
              <a href={ics} download>
                Outlook / iCal (.ics)
              </a>
            </li>
            <li>
              <a href={ics} download>
                iCloud (.ics)
              </a>
            </li>
          </ul>
          <ManageLinks booking={booking} links={links} />
        </>
      ) : null}
    </section>
  )
}

function ManageLinks({ booking, links }: { booking: BookingView; links: BookingLinks }) {
  const { t } = useTranslation()
  const { reschedule, cancel } = links
  const name = booking.provider.name
  const closed =
    !reschedule && !cancel
      ? 'widget.changesClosed'
      : !reschedule
        ? 'widget.rescheduleClosedNote'
        : !cancel
          ? 'widget.cancelClosedNote'
          : null
  return (
    <>
      {reschedule || cancel ? (
        <p>
          {reschedule ? <a href={reschedule}>{t('widget.rescheduleLink')}</a> : null}
          {reschedule && cancel ? ' · ' : null}
          {cancel ? <a href={cancel}>{t('widget.cancelLink')}</a> : null}
        </p>
      ) : null}
      {closed ? (
        <>
          <p className="widget-policy">{t(closed, { name })}</p>
          <BusinessContact provider={booking.provider} />
        </>
      ) : null}
    </>
  )
}
