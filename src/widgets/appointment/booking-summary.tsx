import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue } from 'jotai'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { usePageLocale } from '../../components/use-page-locale'
import { localizedService } from '../../lib/booking/localized-service'
import { isOneCurrency, partyPrice } from '../../lib/booking/pricing'
import { formatPrice } from '../../lib/format'
import { formatDate, formatTime } from '../../lib/format/booking'
import { usePersonName } from './person-name'
import {
  catalogReadAtom,
  chosenServicesAtom,
  partyChoiceReadAtom,
  peopleAtom,
  seatsPerLineAtom,
  fatalReadAtom,
  singleServiceAtom,
  slotReadAtom,
  staffChoiceReadAtom,
  stepAtom,
  timeZoneAtom,
} from './state'

/**
 * What the visitor is booking, beside every step: each person's services with their length and
 * price, the total (from the one pricing rule, as the server will charge it), the staff member
 * once chosen, where, and when once a time is picked.
 */
export function BookingSummary() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const locale = usePageLocale()
  const personName = usePersonName()
  const catalog = useAtomValue(catalogReadAtom)
  const services = useAtomValue(chosenServicesAtom)
  const people = useAtomValue(peopleAtom)
  const seatsPerLine = useAtomValue(seatsPerLineAtom)
  const party = useAtomValue(partyChoiceReadAtom)
  const single = useAtomValue(singleServiceAtom)
  const staffChoice = useAtomValue(staffChoiceReadAtom)
  const slot = useAtomValue(slotReadAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const step = useAtomValue(stepAtom)
  const fatal = useAtomValue(fatalReadAtom)
  // Once booked, the confirmation shows the booking itself; an ended flow has nothing to sum up.
  if (fatal || step === 'confirmation' || step === 'closed') return null
  const byId = new Map(services.map((service) => [service.id, service]))
  const price = (cents: number, currency: string) => formatPrice(cents, currency, languageTag)
  const member =
    typeof staffChoice === 'number'
      ? catalog?.staff.find((candidate) => candidate.id === staffChoice)
      : undefined
  // Every line of a booking starts together, so it lasts as long as its longest service.
  const minutes = Math.max(0, ...services.map((service) => service.durationMinutes))
  const locations = [...new Set(services.map((service) => service.location).filter(Boolean))]
  const total = isOneCurrency(services) ? partyPrice(people, services, seatsPerLine) : null
  const counted = single && party.kind === 'count' ? party.count : undefined

  return (
    <aside className="widget-summary-panel" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('widget.summary')}</h2>
      {services.length === 0 ? (
        <p>{t('widget.summaryEmpty')}</p>
      ) : (
        <dl className="widget-details">
          <dt>{t('widget.services')}</dt>
          <dd>
            <ul>
              {people.flatMap((ids, person) =>
                ids.flatMap((id) => {
                  const service = byId.get(id)
                  if (!service) return []
                  const name = localizedService(service, locale).name
                  return [
                    <li key={`${person}-${id}`}>
                      {counted === undefined ? `${personName(person)}: ` : ''}
                      {name} ({t('widget.minutes', { count: service.durationMinutes })}) —{' '}
                      {price(service.priceCents, service.currency)}
                    </li>,
                  ]
                }),
              )}
            </ul>
          </dd>
          {counted !== undefined ? (
            <>
              <dt>{t('widget.guestCount')}</dt>
              <dd>{counted}</dd>
            </>
          ) : null}
          <dt>{t('widget.duration')}</dt>
          <dd>{t('widget.minutes', { count: minutes })}</dd>
          {staffChoice !== null ? (
            <>
              <dt>{t('widget.staff')}</dt>
              <dd className="widget-summary-panel__staff">
                {member?.photoUrl ? (
                  <img src={member.photoUrl} alt="" width={32} height={32} />
                ) : null}
                {member ? member.name : t('widget.anyStaff')}
              </dd>
            </>
          ) : null}
          {locations.length > 0 ? (
            <>
              <dt>{t('widget.location')}</dt>
              <dd>{locations.join('; ')}</dd>
            </>
          ) : null}
          {slot ? (
            <>
              <dt>{t('widget.when')}</dt>
              <dd>
                {formatDate(slot.start, timeZone, languageTag)},{' '}
                {formatTime(slot.start, timeZone, languageTag)} ({timeZone})
              </dd>
            </>
          ) : null}
          {total ? (
            <>
              <dt>{t('widget.total')}</dt>
              <dd className="widget-summary-panel__total">
                {price(total.totalCents, total.currency)}
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </aside>
  )
}
