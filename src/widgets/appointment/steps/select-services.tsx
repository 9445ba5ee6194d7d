import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { isOneCurrency, partyPrice } from '../../../lib/booking/pricing'
import { cartProblem } from '../cart'
import { formatPrice } from '../../../lib/format'
import {
  catalogReadAtom,
  confirmServicesAtom,
  servicesPerPersonReadAtom,
  setServicesPerPersonAtom,
} from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { StepHeading } from '../../../components/booking/step-heading'
import { useMessage } from '../../../components/use-message'

/** Several services in one booking, a guest assigned to each, and the cart with its total. */
export function SelectServices() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const catalog = useAtomValue(catalogReadAtom)
  const perPerson = useAtomValue(servicesPerPersonReadAtom)
  const setPerPerson = useSetAtom(setServicesPerPersonAtom)
  const confirm = useSetAtom(confirmServicesAtom)
  const [problem, setProblem] = useState<string>()
  const services = catalog?.services ?? []

  const toggle = (person: number, serviceId: number) => {
    setProblem(undefined)
    setPerPerson(
      perPerson.map((ids, index) =>
        index !== person
          ? ids
          : ids.includes(serviceId)
            ? ids.filter((id) => id !== serviceId)
            : [...ids, serviceId],
      ),
    )
  }
  const chosen = services.filter((service) => perPerson.some((ids) => ids.includes(service.id)))
  // A cart mixing currencies has no one total: Continue says why (cartProblem).
  const total = isOneCurrency(chosen) ? partyPrice(perPerson, services) : null
  const personName = (index: number) =>
    index === 0 ? t('widget.you') : t('widget.guestNumber', { count: index + 1 })

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.chooseServices')}</StepHeading>
      {perPerson.map((ids, person) => (
        <fieldset key={person} className="widget-person">
          <legend>{personName(person)}</legend>
          {services.map((service) => (
            <label key={service.id} className="widget-choice">
              <input
                type="checkbox"
                checked={ids.includes(service.id)}
                onChange={() => toggle(person, service.id)}
              />
              <span className="widget-choice__name">{service.name}</span>
              <span className="widget-choice__meta">
                {t('widget.minutes', { count: service.durationMinutes })} ·{' '}
                {formatPrice(service.priceCents, service.currency, languageTag)}
              </span>
            </label>
          ))}
          {person > 0 ? (
            <button
              type="button"
              className="widget-button widget-button--quiet"
              onClick={() => setPerPerson(perPerson.filter((_, index) => index !== person))}
            >
              {t('widget.removeGuest')}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="widget-button widget-button--quiet"
        onClick={() => setPerPerson([...perPerson, []])}
      >
        {t('widget.addGuest')}
      </button>
      <section className="widget-cart" aria-labelledby="cart-heading">
        <h3 id="cart-heading">{t('widget.cart')}</h3>
        <ul>
          {perPerson.flatMap((ids, person) =>
            ids.map((id) => {
              const service = services.find((s) => s.id === id)
              return service ? (
                <li key={`${person}-${id}`}>
                  {personName(person)}: {service.name} (
                  {t('widget.minutes', { count: service.durationMinutes })}) —{' '}
                  {formatPrice(service.priceCents, service.currency, languageTag)}
                </li>
              ) : null
            }),
          )}
        </ul>
        {total ? (
          <p className="widget-cart__total">
            {t('widget.total')}: {formatPrice(total.totalCents, total.currency, languageTag)}
          </p>
        ) : null}
      </section>
      {problem ? (
        <p className="widget-alert" role="alert">
          {translate(problem)}
        </p>
      ) : null}
      <button
        type="button"
        className="widget-button widget-button--primary"
        onClick={() => {
          const found = cartProblem(perPerson, services)
          if (found) setProblem(found)
          else confirm()
        }}
      >
        {t('widget.continue')}
      </button>
    </section>
  )
}
