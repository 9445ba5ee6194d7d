import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TextEncoder } from 'node:util'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { ProviderResponse, ServiceResponse } from '../../lib/booking/api-types'
import { HttpError } from '../../lib/http'
import { fetchManagedBooking, fetchProvider, fetchService } from '../appointment/api'
import { firstStepOf } from '../appointment/first-step'
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
const massage = service({
  id: 2,
  slug: 'sports-massage',
  name: 'Sports massage',
  priceCents: 7000,
  translations: {
    de: { name: 'Sportmassage', description: '' },
    fr: { name: 'Massage sportif', description: '' },
  },
})
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
 * Renders the first-step page of the widget path `path` as the build does (src/pages/widget) and
 * puts its HTML in the document, as the browser shows it before any script runs; `hydrate` then
 * runs the client-only widget page, as Gatsby's client does where the server sends that HTML
 * (`served`, the spec's path without its slash, and its query), and returns what React reported
 * of a mismatch between the two.
 */
async function build(path: string, search = '', served = path.replace(/\/$/, '')) {
  const { renderToString } = await import('react-dom/server')
  const step = firstStepOf(path, built, 'en')
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    <WidgetApp location={{ pathname: path, search: '' }} built={step} />,
  )
  document.body.append(container)
  const hydrate = async () => {
    const problems: unknown[] = []
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => {
      problems.push(args)
    })
    await act(async () => {
      root = hydrateRoot(container, <WidgetApp location={{ pathname: served, search }} />, {
        onRecoverableError: (error) => problems.push(error),
      })
    })
    consoleError.mockRestore()
    return problems
  }
  return { hydrate, container }
}

describe('a widget page built with its first step', () => {
  it("holds a service's staff step and summary, and hydrates them without a mismatch", async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/')

    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Physio' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toBeInTheDocument()
    // Only who performs the service; before the script runs a choice submits the step's form.
    const anyone = screen.getByRole('button', { name: 'Any available staff' })
    expect(anyone).toBeEnabled()
    expect(anyone).toHaveAttribute('type', 'submit')
    expect(anyone).toHaveAttribute('name', 'staff')
    expect(anyone).toHaveAttribute('value', 'any')
    expect(anyone.closest('form')).toHaveAttribute('method', 'get')
    expect(screen.getByRole('button', { name: 'Marco Rossi' })).toHaveAttribute('value', '11')
    expect(screen.getByRole('button', { name: 'Dr. Lena Vogel' })).toBeEnabled()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'Sports massage (30 minutes) — €70.00',
    )
    expect(screen.queryByText('Loading the booking flow…')).not.toBeInTheDocument()

    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toHaveFocus()
    expect(fetchService).toHaveBeenCalledWith('sports-massage')
    // Once running, the click chooses in place: the form is not submitted.
    await userEvent.click(screen.getByRole('button', { name: 'Any available staff' }))
    expect(screen.getByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument()
  })

  it('leaves the focus where the visitor moved it before the script ran', async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/')
    screen.getByRole('button', { name: 'Any available staff' }).focus()

    expect(await hydrate()).toEqual([])
    // Enter goes to the choice, not to the heading hydration would otherwise focus.
    expect(screen.getByRole('button', { name: 'Any available staff' })).toHaveFocus()
  })

  it("carries its first step in its HTML, with the page language's texts only", async () => {
    await build('/en/widget/appointment/harbor-physio/')
    const carrier = document.getElementById('widget-first-step')
    expect(carrier).toHaveAttribute('type', 'application/json')
    const carried = JSON.parse(carrier?.textContent ?? '')
    expect(carried.path).toBe('/en/widget/appointment/harbor-physio/')
    expect(
      carried.catalog.services.map((each: { translations: object }) => each.translations),
    ).toEqual([{}, {}])
    const german = firstStepOf('/de/widget/bookings/sports-massage/', built, 'de')
    expect(german?.catalog.services[0]?.translations).toEqual({
      de: { name: 'Sportmassage', description: '' },
    })
  })

  it('opens at the next step when the staff form was submitted before the script ran', async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/sports-massage/', '?staff=any')
    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'Any available staff',
    )
  })

  it("holds the provider's services with their length and price in the page's language", async () => {
    jest.mocked(fetchProvider).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/')

    expect(screen.getByRole('heading', { name: 'Choose your services' })).toBeInTheDocument()
    const box = screen.getByRole('checkbox', { name: /Physiotherapy consultation/ })
    expect(box).toBeEnabled()
    expect(box).toHaveAttribute('name', 'service')
    expect(box).toHaveAttribute('value', '1')
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('button', { name: 'Add a guest' })).toBeDisabled()
    expect(screen.getByText('30 minutes · €65.00')).toBeInTheDocument()
    expect(screen.getByText('30 minutes · €70.00')).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toBeInTheDocument()

    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('button', { name: 'Add a guest' })).toBeEnabled()
    expect(fetchProvider).toHaveBeenCalledWith('harbor-physio')
  })

  it('keeps a box ticked before the script ran, so that Continue goes on with it', async () => {
    jest.mocked(fetchProvider).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/')
    // The browser ticks it itself: no script is running yet.
    ;(screen.getByRole('checkbox', { name: /Sports massage/ }) as HTMLInputElement).checked = true

    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('checkbox', { name: /Sports massage/ })).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Your booking' })).toHaveTextContent(
      'Sports massage',
    )
  })

  it('opens at the staff step when the services form was submitted before the script ran', async () => {
    jest.mocked(fetchProvider).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/appointment/harbor-physio/', '?service=2')
    expect(await hydrate()).toEqual([])
    expect(screen.getByRole('heading', { name: 'Who would you like to see?' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Marco Rossi' })).toBeInTheDocument()
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
      await screen.findByText('Page Not Found: /en/widget/bookings/sports-massage'),
    ).toBeInTheDocument()
  })

  it('stays client-only on a path the build does not know', async () => {
    jest.mocked(fetchService).mockReturnValue(new Promise(() => undefined))
    const { hydrate } = await build('/en/widget/bookings/new-service/')
    expect(screen.getByText('Loading the booking flow…')).toBeInTheDocument()
    expect(await hydrate()).toEqual([])
  })
})
