import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TextEncoder } from 'node:util'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { ProviderResponse, ServiceResponse } from '../../lib/booking/api-types'
import { HttpError } from '../../lib/http'
import { fetchManagedBooking, fetchProvider, fetchService } from '../appointment/api'
import { provider, service, staffMember } from '../appointment/test-support'
import { WidgetApp } from './widget-app'

jest.mock('../appointment/api', () => ({
  fetchService: jest.fn(),
  fetchProvider: jest.fn(),
  fetchSlots: jest.fn(() => new Promise(() => undefined)),
  fetchManagedBooking: jest.fn(() => new Promise(() => undefined)),
  prefetchSlots: jest.fn(),
}))

const lena = staffMember({ id: 10, name: 'Dr. Lena Vogel', serviceIds: [1, 2] })
const marco = staffMember({ id: 11, name: 'Marco Rossi', serviceIds: [2] })
const massage = service({ id: 2, slug: 'sports-massage', name: 'Sports massage', priceCents: 7000 })
/** The provider as the site's build read it. */
const built: ProviderResponse = {
  ...provider,
  services: [service(), massage],
  staff: [lena, marco],
}

// The server renderer jsdom resolves (react-dom/server's browser build) needs one; jsdom has none.
Object.assign(globalThis, { TextEncoder })

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  jest.clearAllMocks()
})

/**
 * Renders the page as the build does and puts its HTML in the document, as the browser shows it
 * before any script runs; `hydrate` then runs it as the browser does, and returns what React
 * reported of a mismatch between the two.
 */
async function build(pathname: string, search = '') {
  const { renderToString } = await import('react-dom/server')
  const page = <WidgetApp location={{ pathname, search }} built={built} />
  const container = document.createElement('div')
  container.innerHTML = renderToString(page)
  document.body.append(container)
  const hydrate = async () => {
    const problems: unknown[] = []
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => {
      problems.push(args)
    })
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => problems.push(error) })
    })
    consoleError.mockRestore()
    return problems
  }
  return { hydrate }
}

describe('a widget page built with its first step', () => {
  it("holds a service's staff step and summary, and hydrates them without a mismatch", async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/')

    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Physio' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toBeInTheDocument()
    // Only who performs the service; a click before the script runs would go nowhere.
    expect(screen.getByRole('button', { name: 'Marco Rossi' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Dr. Lena Vogel' })).toBeDisabled()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'Sports massage (30 minutes) — €70.00',
    )
    expect(screen.queryByText('Loading the booking flow…')).not.toBeInTheDocument()

    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('button', { name: 'Marco Rossi' })).toBeEnabled()
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toHaveFocus()
    expect(fetchService).toHaveBeenCalledWith('sports-massage')
  })

  it("holds the provider's services with their length and price in the page's language", async () => {
    jest.mocked(fetchProvider).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/')

    expect(screen.getByRole('heading', { name: 'Choose your services' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /Physiotherapy consultation/ })).toBeDisabled()
    expect(screen.getByText('30 minutes · €65.00')).toBeInTheDocument()
    expect(screen.getByText('30 minutes · €70.00')).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toBeInTheDocument()

    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('checkbox', { name: /Physiotherapy consultation/ })).toBeEnabled()
    expect(fetchProvider).toHaveBeenCalledWith('harbor-physio')
  })

  it("takes the API's prices once they come, and keeps what the visitor chose meanwhile", async () => {
    let answer: (value: ServiceResponse) => void = () => undefined
    jest.mocked(fetchService).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/sports-massage/')
    await hydrate()

    await userEvent.click(screen.getByRole('button', { name: 'Marco Rossi' }))
    await act(async () => answer({ ...massage, priceCents: 7500, provider, staff: [lena, marco] }))

    const summary = screen.getByRole('complementary', { name: 'Your booking' })
    await waitFor(() => expect(summary).toHaveTextContent('Sports massage (30 minutes) — €75.00'))
    expect(summary).not.toHaveTextContent('€70.00')
    expect(summary).toHaveTextContent('Marco Rossi')
    expect(screen.getByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument()
  })

  it("books with the staff member a link names from the build's data, before the API answers", async () => {
    jest.mocked(fetchProvider).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/', '?staff=11')
    expect(await hydrate()).toEqual([])
    // Marco performs only the massage: straight to its times, with him.
    expect(screen.getByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'Marco Rossi',
    )
  })

  it("waits for the API on a reschedule link: only it knows the booking's services", async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/', '?reschedule=token')
    expect(await hydrate()).toEqual([])
    expect(screen.getByText('Loading the booking flow…')).toBeInTheDocument()
    expect(fetchManagedBooking).toHaveBeenCalledWith('token')
  })

  it('shows the 404 screen when the service is gone since the build', async () => {
    jest
      .mocked(fetchService)
      .mockRejectedValue(new HttpError({ statusCode: 404, statusMessage: 'Gone', message: 'x' }))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/')
    await hydrate()
    expect(
      await screen.findByText('Page Not Found: /en/widget/bookings/sports-massage/'),
    ).toBeInTheDocument()
  })

  it('stays client-only on a path the build does not know', async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/new-service/')
    expect(screen.getByText('Loading the booking flow…')).toBeInTheDocument()
    expect(await hydrate()).toEqual([])
  })
})
