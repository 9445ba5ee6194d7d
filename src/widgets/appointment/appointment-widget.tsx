import { useTranslation } from 'gatsby-plugin-react-i18next'
import { createStore, Provider, useAtomValue, useSetAtom } from 'jotai'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ChangeClosed } from '../../components/booking/change-policy'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { ErrorScreen } from '../../components/error-views/error-screen'
import type { ErrorObject } from '../../lib/http/error-object'
import { isHttpError } from '../../lib/http'
import type { WidgetRoute } from '../widget-routes'
import { flowAtBuild, loadFlow, UnknownRouteTarget, type Catalog } from './catalog'
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
  type FlowMode,
} from './state'
import { Confirmation } from './steps/confirmation'
import { PaymentStep } from './steps/payment'
import { ConfirmReschedule } from './steps/confirm-reschedule'
import { SelectServices } from './steps/select-services'
import { SelectSlot } from './steps/select-slot'
import { SelectStaff } from './steps/select-staff'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { useHydrated } from '../../components/use-hydrated'
import { usePageLocale } from '../../components/use-page-locale'
import { localizedService } from '../../lib/booking/localized-service'
import { BookingSummary } from './booking-summary'
import { widgetNotFound, type WidgetLocation } from '../shell/not-found'

// The form and its final-form: loaded when the visitor gets there. It checks what it can without
// joi or the phone-number metadata; the server's answer says the rest (issue 33). Named, because
// Gatsby names a chunk of modules that lazy chunks share after the chunks' names: unnamed, every
// module any two of them share (the dashboard's screens among them) came with the form.
const ContactForm = lazy(
  () => import(/* webpackChunkName: "widget-details" */ './steps/contact-form'),
)

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

/** Whether the API's answer sets the flow up as the build's data did (same staff and services). */
const sameBooking = (built: FlowMode | undefined, mode: FlowMode) =>
  built?.kind === 'book' &&
  mode.kind === 'book' &&
  built.staffId === mode.staffId &&
  built.serviceId === mode.serviceId &&
  String(built.serviceIds) === String(mode.serviceIds)

/** Whether the flow's query chose something ahead: a staff member, services. */
const choseAhead = (mode: FlowMode) =>
  mode.kind !== 'book' ||
  mode.staffId !== undefined ||
  mode.serviceId !== undefined ||
  mode.serviceIds !== undefined

function Loader({
  route,
  location,
  built,
}: {
  route: WidgetRoute
  location: WidgetLocation
  built: Catalog | undefined
}) {
  const { t } = useTranslation()
  const start = useSetAtom(startAtom)
  const refresh = useSetAtom(refreshCatalogAtom)
  const catalog = useAtomValue(catalogReadAtom)
  const [error, setError] = useState<ErrorObject>()
  const [unreachable, setUnreachable] = useState(false)
  // Bumped by "Try again" after the API could not be reached.
  const [attempt, setAttempt] = useState(0)
  // How the flow was set up from the build's data, once hydrated (the HTML is the same whatever
  // the query); a reschedule link's booking only the API knows: it waits for its answer.
  const builtMode = useRef<FlowMode>()
  const mode = useAtomValue(modeReadAtom)
  const hydrated = useHydrated()
  const awaitingApi =
    hydrated &&
    built !== undefined &&
    !flowAtBuild(built, new URLSearchParams(location.search)) &&
    mode.kind !== 'reschedule'
  useEffect(() => {
    const flow = built && flowAtBuild(built, new URLSearchParams(location.search))
    if (!flow) return
    builtMode.current = flow.mode
    // The store began with the built catalog and nothing chosen, which the visitor may have
    // changed since (a box ticked before hydration): only a query that chose something starts
    // the flow again.
    if (flow.catalog !== built || choseAhead(flow.mode)) start(flow.catalog, flow.mode)
  }, [built, location.search, start])
  useEffect(() => {
    loadFlow(route, new URLSearchParams(location.search))
      .then(({ catalog, mode }) => {
        // The API's answer wins; a flow the build started keeps what the visitor chose since.
        if (sameBooking(builtMode.current, mode)) refresh(catalog)
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
  }, [route, location.pathname, location.search, start, refresh, attempt])
  if (error) return <ErrorScreen error={error} />
  if (unreachable) {
    const retry = () => {
      setUnreachable(false)
      setAttempt(attempt + 1)
    }
    return <UnreachableScreen message={t('widget.loadUnreachable')} onRetry={retry} />
  }
  if (!catalog || awaitingApi) {
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
      <Loader route={route} location={location} built={built} />
    </Provider>
  )
}
