import { lazy, Suspense, useMemo } from 'react'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { ErrorScreen } from '../../components/error-views/error-screen'
import { LanguageSwitcher } from '../../components/language-switcher'
import { useHydrated } from '../../components/use-hydrated'
import { AppointmentWidget } from '../appointment/appointment-widget'
import type { Catalog } from '../appointment/catalog'
import { samePage, type FirstStep } from '../appointment/first-step'
import { EmbedHostReporter } from '../embed/embed-host-reporter'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../widget-routes'
import { FirstStepCarrier, useCarriedFirstStep } from './carried-first-step'
import { widgetNotFound, type WidgetLocation } from './not-found'

// The cancel flow brings joi for its form: loaded only when a cancel link is opened.
const CancelBookingWidget = lazy(() =>
  import('../manage/cancel-booking-widget').then((module) => ({
    default: module.CancelBookingWidget,
  })),
)

// A group's page is a list of links into the appointment flow: loaded only when opened.
const GroupWidget = lazy(() =>
  import('../group/group-widget').then((module) => ({ default: module.GroupWidget })),
)

// Forms and surveys bring their own fields and rules: loaded only on their routes.
const FormWidget = lazy(() =>
  import('../forms/form-widget').then((module) => ({ default: module.FormWidget })),
)

// The verification pages are reached only from a payment: loaded when one is opened.
const VerifyPayment = lazy(() =>
  import('../payment/verify-payment').then((module) => ({ default: module.VerifyPayment })),
)

/**
 * The booking widget's entry: one jotai Provider per instance, so two widgets on one page never
 * share state. A page built with its first step (`built`, see first-step.ts) renders that step
 * and hydrates it as it is, from the step its HTML carries. The client-only page answers every
 * other widget path, so until it has mounted in the browser, where it learns its path, it
 * renders a neutral shell.
 */
export function WidgetApp({ location, built }: { location: WidgetLocation; built?: FirstStep }) {
  const route = useMemo(() => {
    const segments = widgetSegments(location.pathname)
    return segments && parseWidgetRoute(segments)
  }, [location.pathname])
  const carried = useCarriedFirstStep(built)
  // Another path (another language's, after a switch) is a new flow: the API's.
  const here = carried && samePage(carried.step.path, location.pathname) ? carried : undefined
  const firstStep = here?.step.catalog
  const hydrated = useHydrated()
  if (!hydrated && !firstStep) return <WidgetLoading />
  return (
    <>
      {here && <FirstStepCarrier carried={here} />}
      {/* The page's banner landmark: assistive technology lists the switcher among the regions. */}
      <header>
        <LanguageSwitcher className="widget-language" />
      </header>
      <WidgetRouteContent route={route} location={location} firstStep={firstStep} />
      <EmbedHostReporter pathname={location.pathname} />
    </>
  )
}

function WidgetRouteContent({
  route,
  location,
  firstStep,
}: {
  route: WidgetRoute | undefined
  location: WidgetLocation
  firstStep: Catalog | undefined
}) {
  if (!route)
    return (
      <ErrorScreen
        error={widgetNotFound(location, 'The booking page you asked for does not exist.')}
      />
    )
  if (route.name === 'group' || route.name === 'groups') {
    return (
      <Suspense fallback={<WidgetLoading />}>
        <GroupWidget
          idOrSlug={route.name === 'group' ? route.groupId : route.groupSlug}
          location={location}
        />
      </Suspense>
    )
  }
  if (route.name === 'form' || route.name === 'survey') {
    return (
      <Suspense fallback={<WidgetLoading />}>
        <FormWidget kind={route.name} idOrSlug={route.id} location={location} />
      </Suspense>
    )
  }
  if (route.name === 'verify-payment') {
    return (
      <Suspense fallback={<WidgetLoading />}>
        <VerifyPayment search={location.search} previewId={route.previewId} />
      </Suspense>
    )
  }
  // The cancel flow keeps its few states in plain React state, so it needs no jotai Provider.
  if (route.name === 'cancel-booking' || route.name === 'appointment-service-cancel') {
    return (
      <Suspense fallback={<WidgetLoading />}>
        <CancelBookingWidget search={location.search} />
      </Suspense>
    )
  }
  // Every other route is a calendar-layout route (spec §2): the appointment flow books it, from a
  // service, a team, a booking link or a service menu. Another path (another language's) is a
  // new flow, started from that path's own build.
  return (
    <AppointmentWidget
      key={location.pathname}
      route={route}
      location={location}
      built={firstStep}
    />
  )
}
