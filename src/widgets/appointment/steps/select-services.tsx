import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { cartProblem } from '../cart'
import { formatPrice } from '../../../lib/format'
import {
  catalogReadAtom,
  confirmServicesAtom,
  servicesPerPersonReadAtom,
  setServicesPerPersonAtom,
} from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { usePageLocale } from '../../../components/use-page-locale'
import type { PublicService } from '../../../lib/booking/api-types'
import { localizedService } from '../../../lib/booking/localized-service'
import { StepHeading } from '../../../components/booking/step-heading'
import { useHydrated } from '../../../components/use-hydrated'
import { useMessage } from '../../../components/use-message'
import { localizedHeading } from '../../../lib/booking/catalog-pages'
import type { Locale } from '../../../lib/locale/locales'
import type { MenuLayout } from '../catalog'
import { usePersonName } from '../person-name'

/** The services in the order to show them: under a menu's headings, or as one untitled list. */
function sections(services: PublicService[], menu: MenuLayout | undefined, locale: Locale) {
  if (!menu) return [{ heading: undefined, services }]
  const byId = new Map(services.map((service) => [service.id, service]))
  return menu.headings.map((heading) => ({
    heading: localizedHeading(heading, locale),
    services: heading.serviceIds.flatMap((id) => {
      const service = byId.get(id)
      return service ? [service] : []
    }),
  }))
}

/**
 * Several services in one booking, a guest assigned to each; the summary beside the step shows
 * the choice and its total.
 */
export function SelectServices() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const locale = usePageLocale()
  const nameOf = (service: PublicService) => localizedService(service, locale).name
  const catalog = useAtomValue(catalogReadAtom)
  const perPerson = useAtomValue(servicesPerPersonReadAtom)
  const setPerPerson = useSetAtom(setServicesPerPersonAtom)
  const confirm = useSetAtom(confirmServicesAtom)
  const [problem, setProblem] = useState<string>()
  // A page built with this step shows it before its script runs: its boxes take a tick then, and
  // Continue submits the form, which opens the page again with `?service=` (catalog.ts) at the
  // same next step. Adding a guest needs the script: until then it is disabled.
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const services = catalog?.services ?? []
  // A box ticked before the script ran stays ticked through hydration, which does not undo it:
  // the choice takes it over, so that Continue then finds it.
  useEffect(() => {
    const ticked = [...(form.current?.querySelectorAll<HTMLInputElement>('[name=service]') ?? [])]
      .filter((box) => box.checked)
      .map((box) => Number(box.value))
    const [visitor = [], ...guests] = perPerson
    if (String(ticked) !== String(visitor)) setPerPerson([ticked, ...guests])
    // Once, as the step first runs: afterwards the boxes show the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

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
  const personName = usePersonName()
  const menu = catalog?.menu
  const menuDescription = menu ? localizedService(menu, locale).description : ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = cartProblem(perPerson, services)
    if (found) setProblem(found)
    else confirm()
  }

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.chooseServices')}</StepHeading>
      <form method="get" ref={form} onSubmit={submit}>
        {menuDescription ? <p className="widget-menu__description">{menuDescription}</p> : null}
        {perPerson.map((ids, person) => (
          <fieldset key={person} className="widget-person">
            <legend>{personName(person)}</legend>
            {sections(services, menu, locale).map(({ heading, services: listed }, section) => (
              <div
                key={section}
                role={heading ? 'group' : undefined}
                aria-labelledby={heading ? `heading-${person}-${section}` : undefined}
              >
                {heading ? (
                  <h3 id={`heading-${person}-${section}`} className="widget-menu__heading">
                    {heading}
                  </h3>
                ) : null}
                {listed.map((service) => {
                  const descriptionId = `service-${person}-${service.id}-description`
                  const { description } = localizedService(service, locale)
                  return (
                    <div key={service.id} className="widget-service">
                      <label className="widget-choice">
                        <input
                          type="checkbox"
                          name={person === 0 ? 'service' : undefined}
                          value={service.id}
                          checked={ids.includes(service.id)}
                          onChange={() => toggle(person, service.id)}
                          aria-describedby={description ? descriptionId : undefined}
                        />
                        <span className="widget-choice__name">{nameOf(service)}</span>
                        <span className="widget-choice__meta">
                          {t('widget.minutes', { count: service.durationMinutes })} ·{' '}
                          {formatPrice(service.priceCents, service.currency, languageTag)}
                        </span>
                      </label>
                      {/* What the visitor must know before choosing ("we confirm by phone"). */}
                      {description ? (
                        <p id={descriptionId} className="widget-service__description">
                          {description}
                        </p>
                      ) : null}
                    </div>
                  )
                })}
              </div>
            ))}
            {person > 0 ? (
              <button
                type="button"
                className="widget-button widget-button--quiet"
                disabled={!hydrated}
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
          disabled={!hydrated}
          onClick={() => setPerPerson([...perPerson, []])}
        >
          {t('widget.addGuest')}
        </button>
        {problem ? (
          <p className="widget-alert" role="alert">
            {translate(problem)}
          </p>
        ) : null}
        <button type="submit" className="widget-button widget-button--primary">
          {t('widget.continue')}
        </button>
      </form>
    </section>
  )
}
