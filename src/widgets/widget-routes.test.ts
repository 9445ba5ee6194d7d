import { parseWidgetRoute, widgetSegments } from './widget-routes'

const parse = (pathname: string) => {
  const segments = widgetSegments(pathname)
  return segments && parseWidgetRoute(segments)
}

describe('widget routes', () => {
  it.each([
    [
      '/widget/appointment/clinic/consultation',
      { name: 'appointment', provider: 'clinic', service: 'consultation' },
    ],
    [
      '/widget/appointment/service/consultation',
      { name: 'appointment-service', service: 'consultation' },
    ],
    [
      '/widget/appointment/service/consultation/cancel',
      { name: 'appointment-service-cancel', service: 'consultation' },
    ],
    ['/widget/appointment/clinic', { name: 'appointment-team', provider: 'clinic' }],
    ['/widget/group/12', { name: 'group', groupId: '12' }],
    ['/widget/groups/yoga', { name: 'groups', groupSlug: 'yoga' }],
    ['/widget/booking/7', { name: 'booking', ids: ['7'] }],
    ['/widget/booking/7,8,9', { name: 'booking', ids: ['7', '8', '9'] }],
    ['/widget/booking', { name: 'booking-query' }],
    ['/widget/booking/cancel-booking', { name: 'cancel-booking' }],
    ['/widget/cancel-booking', { name: 'cancel-booking' }],
    [
      '/widget/service-menus/menu/massage',
      { name: 'service-menu-service', serviceMenu: 'menu', service: 'massage' },
    ],
    [
      '/widget/service-menus/spring-menu',
      { name: 'service-menus', serviceMenuSlug: 'spring-menu' },
    ],
    ['/widget/service-menu/3', { name: 'service-menu', serviceMenuId: '3' }],
    ['/widget/form/5', { name: 'form', id: '5' }],
    ['/widget/survey/6', { name: 'survey', id: '6' }],
    ['/widget/bookings/consultation', { name: 'bookings', slug: 'consultation' }],
    ['/widget/bookings/consultation/any/thing/after', { name: 'bookings', slug: 'consultation' }],
    ['/widget/otl/abc123', { name: 'one-time-link', oneTimeSlug: 'abc123' }],
    ['/widget/otl', { name: 'one-time-link', oneTimeSlug: undefined }],
    ['/widget/verify-payment-callback', { name: 'verify-payment' }],
    ['/widget/verifyPayment', { name: 'verify-payment' }],
    [
      '/widget/v2/preview/home/verify-payment-callback',
      { name: 'verify-payment', previewId: 'home' },
    ],
    ['/fr/widget/verify-payment-callback', { name: 'verify-payment' }],
    [
      '/pt-br/widget/v2/preview/home/verify-payment-callback',
      { name: 'verify-payment', previewId: 'home' },
    ],
    ['/de/widget/booking/7', { name: 'booking', ids: ['7'] }],
    ['/pt-br/widget/appointment/clinic', { name: 'appointment-team', provider: 'clinic' }],
  ])('%s opens its flow', (pathname, route) => {
    expect(parse(pathname)).toEqual(route)
  })

  it.each([
    '/widget',
    '/widget/unknown',
    '/widget/booking/7,,8',
    '/widget/booking/7,',
    '/widget/appointment/a/b/c',
    '/widget/group',
    '/widget/otl/a/b',
    '/widget/form/%3Cscript%3E',
    '/widget/verify-payment-callback/extra',
    '/widget/v2/preview/home',
    '/widget/v2/preview/%3Cx%3E/verify-payment-callback',
  ])('%s is no route (the error screen answers 404)', (pathname) => {
    expect(parse(pathname)).toBeUndefined()
  })

  it('ignores paths outside the widget', () => {
    expect(widgetSegments('/de/about/')).toBeUndefined()
  })
})
