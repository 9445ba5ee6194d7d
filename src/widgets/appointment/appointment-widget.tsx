import { useTranslation } from 'gatsby-plugin-react-i18next'
import { createStore, Provider, useAtomValue, useSetAtom } from 'jotai'
import { lazy, Suspense, useEffect, useState } from 'react'
import { ChangeClosed } from '../../components/booking/change-policy'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { ErrorScreen } from '../../components/error-views/error-screen'
import type { ErrorObject } from '../../lib/http/error-object'
import { isHttpError } from '../../lib/http'
import type { WidgetRoute } from '../widget-routes'
import { loadFlow, UnknownRouteTarget, type Catalog } from './catalog'
import {
  backAtom,
  canGoBackAtom,
  catalogReadAtom,
  fatalReadAtom,
  modeReadAtom,
  refreshCatalogAtom,
  startAtom,
  stepAtom,
  timeZoneAtom,
} from './state'
import { Confirmation } from './steps/confirmation'
import { PaymentStep } from './steps/payment'
import { ConfirmReschedule } from './steps/confirm-reschedule'
import { SelectServices } from './steps/select-services'
import { SelectSlot } from './steps/select-slot'
import { SelectStaff } from './steps/select-staff'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { usePageLocale } from '../../components/use-page-locale'
import { localizedService } from '../../lib/booking/localized-service'
import { BookingSummary } from './booking-summary'
import { widgetNotFound, type WidgetLocation } from '../shell/not-found'

// The form brings joi and the phone-number metadata: loaded when the visitor gets there.
const ContactForm = lazy(() => import('./steps/contact-form'))

function Flow() {
  const { t } = useTranslation()
  const step = useAtomValue(stepAtom)
  const catalog = useAtomValue(catalogReadAtom)
  const back = useSetAtom(backAtom)
  const canGoBack = useAtomValue(canGoBackAtom)
  const fatal = useAtomValue(fatalReadAtom)
  const mode = useAtomValue(modeReadAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const languageTag = useLanguageTag()
  const locale = usePageLocale()
  if (fatal) return <ErrorScreen error={fatal} />
  return (
    <main className="widget" data-widget-step={step} aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        {/* A service menu's page carries the menu's own name, in the visitor's language. */}
        {catalog?.menu
          ? localizedService(catalog.menu, locale).name
          : (catalog?.provider.name ?? t('widget.title'))}
      </h1>
      {canGoBack ? (
        <button type="button" className="widget-button widget-button--quiet" onClick={back}>
          ‹ {t('widget.back')}
        </button>
      ) : null}
      {step === 'services' ? <SelectServices /> : null}
      {step === 'staff' ? <SelectStaff /> : null}
      {step === 'slot' ? <SelectSlot /> : null}
      {step === 'details' ? (
        <Suspense fallback={<p role="status">{t('widget.loading')}</p>}>
          <ContactForm />
        </Suspense>
      ) : null}
      {step === 'reschedule' ? <ConfirmReschedule /> : null}
      {step === 'closed' && mode.kind === 'reschedule' ? (
        <ChangeClosed
          booking={mode.booking}
          change="reschedule"
          timeZone={timeZone}
          languageTag={languageTag}
        />
      ) : null}
      {step === 'payment' ? <PaymentStep /> : null}
      {step === 'confirmation' ? <Confirmation /> : null}
    </main>
  )
}

function Loader({
  route,
  location,
  fromBuild,
}: {
  route: WidgetRoute
  location: WidgetLocation
  fromBuild: boolean
}) {
  const { t } = useTranslation()
  const start = useSetAtom(startAtom)
  const refresh = useSetAtom(refreshCatalogAtom)
  const catalog = useAtomValue(catalogReadAtom)
  const [error, setError] = useState<ErrorObject>()
  const [unreachable, setUnreachable] = useState(false)
  // Bumped by "Try again" after the API could not be reached.
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    loadFlow(route, new URLSearchParams(location.search))
      .then(({ catalog, mode }) => {
        // A flow the build started keeps what the visitor chose since; a link that sets the flow
        // up otherwise (a staff member, a reschedule) starts it again from the API's answer.
        const asBuilt =
          fromBuild &&
          mode.kind === 'book' &&
          mode.staffId === undefined &&
          mode.serviceId === undefined
        if (asBuilt) refresh(catalog)
        else start(catalog, mode)
      })
      .catch((failure: unknown) => {
        if (failure instanceof UnknownRouteTarget) {
          setError(
            widgetNotFound(
              { pathname: location.pathname, search: location.search },
              failure.message,
            ),
          )
        } else if (isHttpError(failure) && isUnreachable(failure)) {
          setUnreachable(true)
        } else if (isHttpError(failure)) {
          setError({
            statusCode: failure.statusCode,
            statusMessage: failure.statusMessage,
            message: failure.message,
          })
        } else {
          setError({ statusCode: 500, statusMessage: String(failure), message: String(failure) })
        }
      })
  }, [route, location.pathname, location.search, start, refresh, fromBuild, attempt])
  if (error) return <ErrorScreen error={error} />
  if (unreachable) {
    const retry = () => {
      setUnreachable(false)
      setAttempt(attempt + 1)
    }
    return <UnreachableScreen message={t('widget.loadUnreachable')} onRetry={retry} />
  }
  if (!catalog) {
    return <WidgetLoading />
  }
  // The summary is a landmark of its own beside the step (not inside main), on every step.
  return (
    <div className="widget-flow">
      <Flow />
      <BookingSummary />
    </div>
  )
}

/**
 * The calendar-layout booking flow; one jotai Provider per widget instance. `built`: the catalog
 * the site was built with for this route, which the built page shows and hydration starts from,
 * so the first step needs no request; the API's answer then replaces it.
 */
export function AppointmentWidget({
  route,
  location,
  built,
}: {
  route: WidgetRoute
  location: WidgetLocation
  built?: Catalog
}) {
  const [store] = useState(() => {
    const created = createStore()
    if (built) created.set(startAtom, built)
    return created
  })
  return (
    <Provider store={store}>
      <Loader route={route} location={location} fromBuild={built !== undefined} />
    </Provider>
  )
}
