import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpError } from '../../lib/http'
import { fetchProvider, fetchService, fetchSlots, prefetchSlots } from './api'
import { AppointmentWidget } from './appointment-widget'
import { provider, service, staffMember } from './test-support'

jest.mock('./api', () => ({
  fetchService: jest.fn(),
  fetchProvider: jest.fn(),
  fetchSlots: jest.fn(),
  prefetchSlots: jest.fn(),
}))

const notFound = new HttpError({
  statusCode: 404,
  statusMessage: 'Cannot find calendar.',
  message: 'x',
})

afterEach(() => jest.clearAllMocks())

describe('AppointmentWidget', () => {
  it('opens a single service on its staff step', async () => {
    jest.mocked(fetchService).mockResolvedValue({ ...service(), provider, staff: [staffMember()] })
    render(
      <AppointmentWidget
        route={{ name: 'appointment', provider: 'harbor-physio', service: 'consultation' }}
        location={{ pathname: '/widget/appointment/harbor-physio/consultation', search: '' }}
      />,
    )
    expect(await screen.findByRole('heading', { name: 'Who would you like to see?' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Any available staff' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Dr. Lena Vogel' })).toBeInTheDocument()
    // The month "any available staff" will show is asked for while the visitor reads the list.
    expect(prefetchSlots).toHaveBeenCalledWith(
      { lines: [{ serviceId: 1, staffId: null }], seats: 1 },
      expect.stringMatching(/^\d{4}-\d{2}$/),
      expect.any(String),
    )
  })

  it("lets a team route choose among the provider's services", async () => {
    jest.mocked(fetchProvider).mockResolvedValue({
      ...provider,
      services: [service(), service({ id: 2, name: 'Massage' })],
      staff: [staffMember()],
    })
    render(
      <AppointmentWidget
        route={{ name: 'appointment-team', provider: 'harbor-physio' }}
        location={{ pathname: '/widget/appointment/harbor-physio', search: '' }}
      />,
    )
    expect(await screen.findByRole('heading', { name: 'Choose your services' })).toBeInTheDocument()
  })

  it('books with the staff member a "Book with …" link names, among their services only', async () => {
    jest.mocked(fetchProvider).mockResolvedValue({
      ...provider,
      services: [
        service(),
        service({ id: 2, name: 'Massage' }),
        service({ id: 3, name: 'Pilates' }),
      ],
      staff: [staffMember(), staffMember({ id: 11, name: 'Marco Rossi', serviceIds: [1, 3] })],
    })
    jest.mocked(fetchSlots).mockReturnValue(new Promise(() => undefined))
    render(
      <AppointmentWidget
        route={{ name: 'appointment-team', provider: 'harbor-physio' }}
        location={{ pathname: '/widget/appointment/harbor-physio', search: '?staff=11' }}
      />,
    )
    expect(await screen.findByRole('heading', { name: 'Choose your services' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Massage/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: /Pilates/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // Straight to the times, with Marco: no staff step.
    expect(
      await screen.findByRole('heading', { name: 'Choose a date and time' }),
    ).toBeInTheDocument()
    expect(fetchSlots).toHaveBeenCalledWith(
      { lines: [{ serviceId: 3, staffId: 11 }], seats: 1 },
      expect.stringMatching(/^\d{4}-\d{2}$/),
      expect.any(String),
    )
  })

  it('ignores a staff member the provider does not have', async () => {
    jest.mocked(fetchProvider).mockResolvedValue({
      ...provider,
      services: [service()],
      staff: [staffMember()],
    })
    render(
      <AppointmentWidget
        route={{ name: 'appointment-team', provider: 'harbor-physio' }}
        location={{ pathname: '/widget/appointment/harbor-physio', search: '?staff=99' }}
      />,
    )
    expect(
      await screen.findByRole('heading', { name: 'Who would you like to see?' }),
    ).toBeInTheDocument()
  })

  it.each([
    [
      { name: 'appointment-service' as const, service: 'nope' },
      '/widget/appointment/service/nope',
      '',
    ],
    [{ name: 'booking-query' as const }, '/widget/booking', '?id=999'],
  ])(
    'answers an unknown service with the 404 error screen (%j)',
    async (route, pathname, search) => {
      jest.mocked(fetchService).mockRejectedValue(notFound)
      render(<AppointmentWidget route={route} location={{ pathname, search }} />)
      expect(await screen.findByText(`Page Not Found: ${pathname}${search}`)).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
    },
  )

  it('answers a provider that does not offer the service with a 404', async () => {
    jest.mocked(fetchService).mockResolvedValue({ ...service(), provider, staff: [] })
    render(
      <AppointmentWidget
        route={{ name: 'appointment', provider: 'other-clinic', service: 'consultation' }}
        location={{ pathname: '/widget/appointment/other-clinic/consultation', search: '' }}
      />,
    )
    expect(
      await screen.findByText('Page Not Found: /widget/appointment/other-clinic/consultation'),
    ).toBeInTheDocument()
  })
})
