import type { ProviderResponse } from '../../lib/booking/api-types'
import { parseWidgetRoute, widgetSegments } from '../widget-routes'
import { catalogAtBuild, firstStepBuildPath, firstStepPaths } from './first-step'
import { provider, service, staffMember } from './test-support'

const lena = staffMember({ id: 10, name: 'Lena', serviceIds: [1] })
const marco = staffMember({ id: 11, name: 'Marco', serviceIds: [1, 2] })
const built: ProviderResponse = {
  ...provider,
  services: [service(), service({ id: 2, slug: 'sports-massage', name: 'Sports massage' })],
  staff: [lena, marco],
}

const routeOf = (path: string) => {
  const segments = widgetSegments(path)
  const route = segments && parseWidgetRoute(segments)
  if (!route) throw new Error(`not a widget route: ${path}`)
  return route
}

describe('the widget pages the build renders with their first step', () => {
  it("are the provider's page and each service's two addresses", () => {
    expect(firstStepPaths(built)).toEqual([
      '/widget/appointment/harbor-physio/',
      '/widget/bookings/consultation/',
      '/widget/appointment/harbor-physio/consultation/',
      '/widget/bookings/sports-massage/',
      '/widget/appointment/harbor-physio/sports-massage/',
    ])
  })

  it('are none for a provider without services: its page is a 404 at run time', () => {
    expect(firstStepPaths({ ...built, services: [] })).toEqual([])
  })

  it('leave out an address that parses as another route', () => {
    // /widget/appointment/service/{x} is the appointment-service route, not this provider's.
    expect(firstStepPaths({ ...built, slug: 'service' })).toEqual([
      '/widget/appointment/service/',
      '/widget/bookings/consultation/',
      '/widget/bookings/sports-massage/',
    ])
  })
})

describe('the catalog a route opens from the build', () => {
  const { services: _services, staff: _staff, ...publicProvider } = built

  it("is the provider's whole offer on its page", () => {
    expect(catalogAtBuild(routeOf('/en/widget/appointment/harbor-physio/'), built)).toEqual({
      provider: publicProvider,
      services: built.services,
      staff: [lena, marco],
    })
  })

  it.each([
    '/de/widget/bookings/sports-massage/',
    '/widget/appointment/harbor-physio/sports-massage',
  ])('is one service with the staff who perform it at %s', (path) => {
    expect(catalogAtBuild(routeOf(path), built)).toEqual({
      provider: publicProvider,
      services: [built.services[1]],
      staff: [marco],
    })
  })

  it.each([
    '/en/widget/bookings/unknown/',
    '/en/widget/appointment/other-clinic/',
    '/en/widget/appointment/other-clinic/consultation/',
    '/en/widget/service-menus/all-treatments/',
    '/en/widget/otl/abc/',
  ])('is none for %s, which stays client-only', (path) => {
    expect(catalogAtBuild(routeOf(path), built)).toBeUndefined()
  })
})

describe("where the build puts a widget path's first step", () => {
  it.each([
    ['/en/widget/bookings/consultation', '/en/widget-first-step/bookings/consultation/'],
    ['/de/widget/appointment/harbor-physio/', '/de/widget-first-step/appointment/harbor-physio/'],
  ])("puts %s outside the widget's match path, at %s", (widgetPath, builtAt) => {
    expect(firstStepBuildPath(widgetPath)).toBe(builtAt)
  })

  it.each(['/widget/bookings/consultation', '/en/widget/', '/en/journal/b/knee/', '/xx/widget/a'])(
    'has nothing for %s',
    (pathname) => {
      expect(firstStepBuildPath(pathname)).toBeUndefined()
    },
  )
})
