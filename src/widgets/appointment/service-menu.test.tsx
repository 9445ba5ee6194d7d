import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ServiceMenuResponse } from '../../lib/booking/catalog-pages'
import { HttpError } from '../../lib/http'
import type { WidgetRoute } from '../widget-routes'
import { fetchServiceMenu, fetchSlots } from './api'
import { AppointmentWidget } from './appointment-widget'
import { provider, service, staffMember } from './test-support'

jest.mock('./api', () => ({
  fetchServiceMenu: jest.fn(),
  fetchSlots: jest.fn(),
  prefetchSlots: jest.fn(),
}))

const menu = (): ServiceMenuResponse => ({
  id: 4,
  slug: 'our-services',
  name: 'Our services',
  description: 'Choose one or more treatments.',
  translations: {},
  provider,
  services: [
    service({ description: 'A one-to-one assessment.' }),
    service({
      id: 2,
      slug: 'sports-massage',
      name: 'Sports massage',
      durationMinutes: 45,
      priceCents: 7000,
      description: 'We confirm your request by phone within one working day.',
    }),
    service({ id: 3, slug: 'pilates-class', name: 'Pilates class', priceCents: 2200 }),
  ],
  staff: [staffMember({ serviceIds: [1, 2, 3] }), staffMember({ id: 11, name: 'Marco Rossi' })],
  headings: [
    { name: 'Treatments', translations: {}, serviceIds: [2, 1] },
    { name: 'Classes', translations: {}, serviceIds: [3] },
  ],
})

function open(route: WidgetRoute, pathname: string) {
  render(<AppointmentWidget route={route} location={{ pathname, search: '' }} />)
}

afterEach(() => jest.clearAllMocks())

describe('service menu routes', () => {
  it('shows the menu by slug: its headings in order, services with descriptions, durations, prices', async () => {
    jest.mocked(fetchServiceMenu).mockResolvedValue(menu())
    open(
      { name: 'service-menus', serviceMenuSlug: 'our-services' },
      '/widget/service-menus/our-services',
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Our services' })).toBeVisible()
    expect(fetchServiceMenu).toHaveBeenCalledWith('our-services')
    expect(screen.getByText('Choose one or more treatments.')).toBeInTheDocument()
    const you = screen.getByRole('group', { name: 'You' })
    const treatments = within(you).getByRole('group', { name: 'Treatments' })
    const boxes = within(treatments).getAllByRole('checkbox')
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Sports massage45 minutes · €70.00',
      'Physiotherapy consultation30 minutes · €65.00',
    ])
    // The description is what the visitor must know before choosing, and is read with the box.
    expect(
      within(treatments).getByRole('checkbox', { name: /Sports massage/ }),
    ).toHaveAccessibleDescription('We confirm your request by phone within one working day.')
    expect(within(you).getByRole('group', { name: 'Classes' })).toBeInTheDocument()
    // Nothing chosen yet: the summary says where the booking will appear.
    const summary = screen.getByRole('complementary', { name: 'Your booking' })
    expect(summary).toHaveTextContent('Choose a service to see your booking here.')
  })

  it('books two services for two guests from the menu, with the summary following each choice', async () => {
    jest.mocked(fetchServiceMenu).mockResolvedValue(menu())
    jest.mocked(fetchSlots).mockReturnValue(new Promise(() => undefined))
    open({ name: 'service-menu', serviceMenuId: '4' }, '/widget/service-menu/4')
    await screen.findByRole('heading', { level: 1, name: 'Our services' })
    expect(fetchServiceMenu).toHaveBeenCalledWith('4')
    await userEvent.click(
      within(screen.getByRole('group', { name: 'You' })).getByRole('checkbox', {
        name: /Physiotherapy consultation/,
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Add a guest' }))
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Guest 2' })).getByRole('checkbox', {
        name: /Sports massage/,
      }),
    )
    const summary = screen.getByRole('complementary', { name: 'Your booking' })
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'You: Physiotherapy consultation (30 minutes) — €65.00',
      'Guest 2: Sports massage (45 minutes) — €70.00',
    ])
    expect(summary).toHaveTextContent('Total€135.00')
    expect(summary).toHaveTextContent('Duration45 minutes')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Who would you like to see?' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Dr. Lena Vogel' }))
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeVisible()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'StaffDr. Lena Vogel',
    )
  })

  it('opens the menu with the service of the link already chosen', async () => {
    jest.mocked(fetchServiceMenu).mockResolvedValue(menu())
    open(
      { name: 'service-menu-service', serviceMenu: 'our-services', service: 'sports-massage' },
      '/widget/service-menus/our-services/sports-massage',
    )
    const you = await screen.findByRole('group', { name: 'You' })
    expect(within(you).getByRole('checkbox', { name: /Sports massage/ })).toBeChecked()
    expect(within(you).getByRole('checkbox', { name: /Physiotherapy/ })).not.toBeChecked()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'You: Sports massage (45 minutes) — €70.00',
    )
  })

  it.each([
    [
      'an unknown menu',
      { name: 'service-menus', serviceMenuSlug: 'nope' } as const,
      '/widget/service-menus/nope',
    ],
    [
      'a service the menu does not list',
      { name: 'service-menu-service', serviceMenu: 'our-services', service: 'yoga' } as const,
      '/widget/service-menus/our-services/yoga',
    ],
  ])('shows the 404 error screen for %s', async (_, route, pathname) => {
    jest
      .mocked(fetchServiceMenu)
      .mockImplementation(async (idOrSlug) =>
        idOrSlug === 'nope'
          ? Promise.reject(
              new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'none' }),
            )
          : menu(),
      )
    open(route, pathname)
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeVisible()
    expect(screen.getByText(`Page Not Found: ${pathname}`)).toBeInTheDocument()
  })
})
