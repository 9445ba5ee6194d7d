import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Provider } from 'jotai'
import { lazy, Suspense, useMemo } from 'react'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { ErrorScreen } from '../../components/error-views/error-screen'
import { LanguageSwitcher } from '../../components/language-switcher'
import { useHydrated } from '../../components/use-hydrated'
import { AppointmentWidget } from '../appointment/appointment-widget'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../widget-routes'

// The cancel flow brings joi for its form: loaded only when a cancel link is opened.
const CancelBookingWidget = lazy(() =>
  import('../manage/cancel-booking-widget').then((module) => ({
    default: module.CancelBookingWidget,
  })),
)

/** Routes the appointment flow answers; the others belong to flows still to come. */
const CALENDAR_ROUTES = new Set<WidgetRoute['name']>([
  'appointment',
  'appointment-service',
  'appointment-team',
  'booking',
  'booking-query',
  'bookings',
  'one-time-link',
])

interface WidgetLocation {
  pathname: string
  search: string
}

function notFound(location: WidgetLocation) {
  return {
    statusCode: 404,
    statusMessage: `Page Not Found: ${location.pathname}${location.search}`,
    message: 'The booking page you asked for does not exist.',
  }
}

function WidgetRouteView({ route }: { route: WidgetRoute }) {
  const { t } = useTranslation()
  return (
    <main className="widget" data-widget-route={route.name} aria-labelledby="widget-title">
      <h1 id="widget-title">{t('widget.title')}</h1>
    </main>
  )
}

/**
 * The booking widget's client-only entry: one jotai Provider per instance, so two widgets on one
 * page never share state. Until it has mounted in the browser it renders a neutral shell, because
 * the build renders this page once for every widget path.
 */
export function WidgetApp({ location }: { location: WidgetLocation }) {
  const route = useMemo(() => {
    const segments = widgetSegments(location.pathname)
    return segments && parseWidgetRoute(segments)
  }, [location.pathname])
  if (!useHydrated()) return <WidgetLoading />
  return (
    <>
      <LanguageSwitcher className="widget-language" />
      <WidgetRouteContent route={route} location={location} />
    </>
  )
}

function WidgetRouteContent({
  route,
  location,
}: {
  route: WidgetRoute | undefined
  location: WidgetLocation
}) {
  if (!route) return <ErrorScreen error={notFound(location)} />
  if (CALENDAR_ROUTES.has(route.name)) {
    return <AppointmentWidget route={route} location={location} />
  }
  // The cancel flow keeps its few states in plain React state, so it needs no jotai Provider.
  if (route.name === 'cancel-booking' || route.name === 'appointment-service-cancel') {
    return (
      <Suspense fallback={<WidgetLoading />}>
        <CancelBookingWidget search={location.search} />
      </Suspense>
    )
  }
  return (
    <Provider>
      <WidgetRouteView route={route} />
    </Provider>
  )
}
