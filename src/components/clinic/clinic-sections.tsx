import { useTranslation } from 'gatsby-plugin-react-i18next'
import { localizedService } from '../../lib/booking/localized-service'
import { formatPrice } from '../../lib/format'
import { useLanguageTag } from '../booking/use-language-tag'
import { LocalizedLink } from '../localized-link'
import { usePageLocale } from '../use-page-locale'
import { ClinicContact } from './clinic-contact'
import { OpeningHours } from './opening-hours'
import { bookingPathOf, type Clinic } from './use-clinic'
import { useClinicOffer } from './use-clinic-offer'

/**
 * The home page's account of the business, from its booking setup so it never disagrees with
 * what the widget books: hours and contact, the team (each with the services they offer and a
 * link that books with them), and the price of every service.
 */
export function ClinicSections({ clinic }: { clinic: Clinic }) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const languageTag = useLanguageTag()
  const offer = useClinicOffer() ?? { services: [], staff: [] }
  const services = new Map(offer.services.map((service) => [service.id, service]))
  const nameOf = (id: number) => {
    const service = services.get(id)
    return service ? localizedService(service, locale).name : ''
  }
  const price = (cents: number, currency: string) => formatPrice(cents, currency, languageTag)
  return (
    <>
      <section className="clinic-visit" aria-labelledby="clinic-visit">
        <h2 id="clinic-visit">{t('clinic.visitUs')}</h2>
        <div className="clinic-visit__columns">
          <ClinicContact clinic={clinic} />
          <div>
            <h3>{t('clinic.openingHours')}</h3>
            <OpeningHours hours={clinic.openingHours} />
          </div>
        </div>
      </section>
      <section aria-labelledby="clinic-team">
        <h2 id="clinic-team">{t('clinic.team')}</h2>
        <ul className="team">
          {offer.staff.map((member) => (
            <li key={member.id} className="team__member">
              {member.photoUrl ? (
                <img src={member.photoUrl} alt="" width={96} height={96} loading="lazy" />
              ) : null}
              <h3>{member.name}</h3>
              <p>
                {member.serviceIds
                  .filter((id) => services.has(id))
                  .map(nameOf)
                  .join(' · ')}
              </p>
              <LocalizedLink to={`${bookingPathOf(clinic)}?staff=${member.id}`}>
                {t('clinic.bookWith', { name: member.name })}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="clinic-prices">
        <h2 id="clinic-prices">{t('clinic.prices')}</h2>
        <table className="price-list">
          <thead>
            <tr>
              <th scope="col">{t('clinic.service')}</th>
              <th scope="col">{t('clinic.duration')}</th>
              <th scope="col">{t('clinic.price')}</th>
            </tr>
          </thead>
          <tbody>
            {offer.services.map((service) => (
              <tr key={service.id}>
                <th scope="row">{nameOf(service.id)}</th>
                <td>{t('widget.minutes', { count: service.durationMinutes })}</td>
                <td>
                  {price(service.priceCents, service.currency)}
                  {service.depositCents > 0 ? (
                    <small>
                      {t('clinic.deposit', {
                        amount: price(service.depositCents, service.currency),
                      })}
                    </small>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  )
}
