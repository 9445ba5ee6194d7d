import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { ErrorScreen } from '../../components/error-views/error-screen'
import { LocalizedLink } from '../../components/localized-link'
import { usePageLocale } from '../../components/use-page-locale'
import type { GroupResponse } from '../../lib/booking/catalog-pages'
import { localizedService } from '../../lib/booking/localized-service'
import { formatPrice } from '../../lib/format'
import { isHttpError, type ErrorObject } from '../../lib/http'
import { fetchGroup } from './api'
import { widgetNotFound, type WidgetLocation } from '../shell/not-found'

/**
 * A group's page (`/group/:groupId`, `/groups/:groupSlug`): its name and description, then its
 * calendars in the business's order, each leading into that calendar's booking flow. An unknown
 * or unpublished group is the spec's 404 screen.
 */
export function GroupWidget({
  idOrSlug,
  location,
}: {
  idOrSlug: string
  location: WidgetLocation
}) {
  const { t } = useTranslation()
  const [group, setGroup] = useState<GroupResponse>()
  const [error, setError] = useState<ErrorObject>()
  const [unreachable, setUnreachable] = useState(false)
  // Bumped by "Try again" after the API could not be reached.
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    fetchGroup(idOrSlug)
      .then((loaded) => current && setGroup(loaded))
      .catch((failure: unknown) => {
        if (!current) return
        if (isHttpError(failure) && failure.statusCode === 404) {
          setError(
            widgetNotFound(
              { pathname: location.pathname, search: location.search },
              failure.message,
            ),
          )
        } else if (isUnreachable(failure)) {
          setUnreachable(true)
        } else if (isHttpError(failure)) {
          setError(failure)
        }
      })
    return () => {
      current = false
    }
  }, [idOrSlug, location.pathname, location.search, attempt])
  if (error) return <ErrorScreen error={error} />
  if (unreachable) {
    const retry = () => {
      setUnreachable(false)
      setAttempt(attempt + 1)
    }
    return <UnreachableScreen message={t('widget.loadUnreachable')} onRetry={retry} />
  }
  return group ? <GroupPage group={group} /> : <WidgetLoading />
}

function GroupPage({ group }: { group: GroupResponse }) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const languageTag = useLanguageTag()
  const { name, description } = localizedService(group, locale)
  return (
    <main className="widget" aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        {name}
      </h1>
      {description ? <p>{description}</p> : null}
      <section className="widget-step" aria-labelledby="group-calendars">
        <h2 id="group-calendars">{t('widget.chooseCalendar')}</h2>
        <ul className="widget-calendars">
          {group.services.map((service) => {
            const localized = localizedService(service, locale)
            return (
              <li key={service.id} className="widget-calendar">
                <h3>{localized.name}</h3>
                {localized.description ? <p>{localized.description}</p> : null}
                <p className="widget-choice__meta">
                  {t('widget.minutes', { count: service.durationMinutes })} ·{' '}
                  {formatPrice(service.priceCents, service.currency, languageTag)}
                </p>
                <LocalizedLink
                  to={`/widget/appointment/${group.provider.slug}/${service.slug}/`}
                  className="widget-button widget-button--primary"
                >
                  {t('widget.bookService', { name: localized.name })}
                </LocalizedLink>
              </li>
            )
          })}
        </ul>
      </section>
    </main>
  )
}
