import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue } from 'jotai'
import { formatDate, formatTime } from '../../../lib/format'
import { resultReadAtom } from '../state'
import { useLanguageTag } from '../use-language-tag'
import { StepHeading } from './step-heading'

/** "Thank you": what was booked, in the visitor's zone, with add-to-calendar and manage links. */
export function Confirmation() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const result = useAtomValue(resultReadAtom)
  if (!result) return null
  const { booking } = result
  const requested = booking.status === 'requested'
  const zone = booking.timeZone
  const firstOccurrence = booking.lines.filter((line) => line.occurrence === 0)
  const staff = [...new Set(firstOccurrence.map((line) => line.staffName))].join(', ')
  const api = (path: string) =>
    `${process.env.GATSBY_API_URL ?? '/api'}${path.replace(/^\/api/, '')}`

  return (
    <section className="widget-step widget-confirmation" aria-labelledby="step-heading">
      <StepHeading>
        {requested ? t('widget.appointmentRequested') : t('widget.thankYou')}
      </StepHeading>
      <p role="status">{requested ? t('widget.requestedLead') : t('widget.scheduledLead')}</p>
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
            {firstOccurrence.map((line, index) => (
              <li key={index}>
                {line.guestName}: {line.serviceName}
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
                    {formatDate(occurrence.start, zone, languageTag)},{' '}
                    {formatTime(occurrence.start, zone, languageTag)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {booking.links ? (
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
