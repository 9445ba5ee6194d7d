import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { SlotsResponse } from '../../../lib/booking/api-types'
import { HttpError } from '../../../lib/http'
import { fetchNextSlot, fetchSlots } from '../api'
import { monthAtom, setServicesPerPersonAtom, slotReadAtom, timeZoneAtom } from '../state'
import { catalog, flowStore, renderWithStore, service, slot, staffMember } from '../test-support'
import { SelectSlot } from './select-slot'

jest.mock('../api', () => ({
  fetchSlots: jest.fn(),
  fetchNextSlot: jest.fn(),
}))

const slotsMock = jest.mocked(fetchSlots)
const response = (
  days: SlotsResponse['days'],
  nextAvailable: SlotsResponse['nextAvailable'] = null,
  window: Partial<Pick<SlotsResponse, 'bookableFrom' | 'bookableUntil'>> = {},
): SlotsResponse => ({
  month: '2030-03',
  timeZone: 'Europe/Berlin',
  days,
  nextAvailable,
  bookableFrom: '2030-03-01T08:00:00.000Z',
  bookableUntil: '2030-06-30T08:00:00.000Z',
  ...window,
})

function setup(options: Parameters<typeof flowStore>[0] = {}) {
  const store = flowStore({ staff: 'any', ...options })
  store.set(monthAtom, '2030-03')
  renderWithStore(store, <SelectSlot />)
  return store
}

const classCatalog = (overrides = {}) =>
  catalog([
    service({ name: 'Pilates class', seatsPerSlot: 2, maxSlotsPerBooking: 3, ...overrides }),
  ])

afterEach(() => jest.clearAllMocks())

describe('SelectSlot', () => {
  it('says it is finding slots, then marks the days that have them', async () => {
    let resolve: (value: SlotsResponse) => void = () => undefined
    slotsMock.mockReturnValue(new Promise((r) => (resolve = r)))
    setup()
    expect(screen.getByText('Finding slots…')).toBeInTheDocument()
    await act(async () => resolve(response({ '2030-03-05': [slot('2030-03-05T08:00:00.000Z')] })))
    expect(
      screen.getByRole('button', { name: /Tuesday, March 5, times available/ }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Wednesday, March 6' })).toBeInTheDocument()
  })

  it('says "Finding recurring slots…" for a weekly service', () => {
    slotsMock.mockReturnValue(new Promise(() => undefined))
    setup({ catalog: catalog([service({ recurrenceCount: 4 })]) })
    expect(screen.getByText('Finding recurring slots…')).toBeInTheDocument()
  })

  it("shows a day's times in the visitor's zone and picks one", async () => {
    slotsMock.mockResolvedValue(response({ '2030-03-05': [slot('2030-03-05T08:00:00.000Z')] }))
    const store = setup({ timeZone: 'Asia/Kolkata' })
    fireEvent.click(await screen.findByRole('button', { name: /Tuesday, March 5/ }))
    // 08:00 UTC is 13:30 in Kolkata.
    fireEvent.click(screen.getByRole('button', { name: '1:30 PM' }))
    expect(store.get(slotReadAtom)?.start).toBe('2030-03-05T08:00:00.000Z')
  })

  it("shows the day's times on the clock the visitor switches to", async () => {
    slotsMock.mockResolvedValue(response({ '2030-03-05': [slot('2030-03-05T08:00:00.000Z')] }))
    setup()
    fireEvent.click(await screen.findByRole('button', { name: /Tuesday, March 5/ }))
    expect(screen.getByRole('button', { name: '9:00 AM' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: '24-hour clock' }))
    expect(screen.getByRole('button', { name: '09:00' })).toBeInTheDocument()
  })

  it('shows seats left for a class', async () => {
    slotsMock.mockResolvedValue(
      response({ '2030-03-05': [slot('2030-03-05T08:00:00.000Z', { seatsLeft: 3 })] }),
    )
    setup({ catalog: catalog([service({ seatsPerSlot: 8 })]) })
    fireEvent.click(await screen.findByRole('button', { name: /Tuesday, March 5/ }))
    expect(screen.getByText('3 seats left')).toBeInTheDocument()
  })

  it('offers to jump to the month of the next free slot when this month has none', async () => {
    slotsMock.mockResolvedValueOnce(response({}, slot('2030-04-02T08:00:00.000Z')))
    slotsMock.mockResolvedValueOnce(response({ '2030-04-02': [slot('2030-04-02T08:00:00.000Z')] }))
    const store = setup()
    expect(await screen.findByText('No slot available this month')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Go to April 2030' }))
    expect(store.get(monthAtom)).toBe('2030-04')
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toBeInTheDocument()
  })

  it('says "No Slots available" when nothing is free before the horizon', async () => {
    slotsMock.mockResolvedValue(response({}, null))
    setup()
    expect(await screen.findByText('No Slots available')).toBeInTheDocument()
    expect(screen.queryByText('No slot available this month')).toBeNull()
  })

  it('finds the next available slot for the party and opens its day', async () => {
    slotsMock.mockResolvedValue(response({ '2030-03-20': [slot('2030-03-20T09:00:00.000Z')] }))
    jest.mocked(fetchNextSlot).mockResolvedValue({ slot: slot('2030-03-20T09:00:00.000Z') })
    setup({ staff: 10 })
    fireEvent.click(screen.getByRole('button', { name: 'Find next available slot' }))
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toBeInTheDocument()
    expect(fetchNextSlot).toHaveBeenCalledWith(
      { lines: [{ serviceId: 1, staffId: 10 }], seats: 1 },
      'Europe/Berlin',
    )
  })

  it('moves through days with the arrow keys', async () => {
    slotsMock.mockResolvedValue(response({}))
    setup()
    const first = await screen.findByRole('button', { name: 'Friday, March 1' })
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(screen.getByRole('button', { name: 'Saturday, March 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    fireEvent.keyDown(screen.getByRole('button', { name: 'Saturday, March 2' }), {
      key: 'ArrowDown',
    })
    expect(screen.getByRole('button', { name: 'Saturday, March 9' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})

describe('SelectSlot for the whole party', () => {
  it("asks once for the month with every person's line and the staff chosen", async () => {
    slotsMock.mockResolvedValue(response({}))
    const store = flowStore({
      catalog: catalog([service(), service({ id: 2, name: 'Massage' })], [staffMember()]),
      staff: 10,
    })
    store.set(setServicesPerPersonAtom, [[1, 2], [1]])
    store.set(monthAtom, '2030-03')
    renderWithStore(store, <SelectSlot />)
    await screen.findByText('No Slots available')
    expect(slotsMock).toHaveBeenCalledTimes(1)
    expect(slotsMock).toHaveBeenCalledWith(
      {
        lines: [
          { serviceId: 1, staffId: 10 },
          { serviceId: 2, staffId: 10 },
          { serviceId: 1, staffId: null },
        ],
        seats: 1,
      },
      '2030-03',
      'Europe/Berlin',
    )
  })

  it('sends the guests chosen on this step as lines, and a guest count as seats', async () => {
    slotsMock.mockResolvedValue(response({}))
    setup({ catalog: classCatalog({ seatsPerSlot: 8 }) })
    await screen.findByText('No Slots available')
    fireEvent.click(screen.getByRole('button', { name: 'Add a guest' }))
    await waitFor(() =>
      expect(slotsMock).toHaveBeenLastCalledWith(
        {
          lines: [
            { serviceId: 1, staffId: null },
            { serviceId: 1, staffId: null },
          ],
          seats: 1,
        },
        '2030-03',
        'Europe/Berlin',
      ),
    )
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I only know how many people are coming' }),
    )
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of people' }), {
      target: { value: '3' },
    })
    await waitFor(() =>
      expect(slotsMock).toHaveBeenLastCalledWith(
        { lines: [{ serviceId: 1, staffId: null }], seats: 3 },
        '2030-03',
        'Europe/Berlin',
      ),
    )
  })

  it('says at once that a guest count is more than the class seats, keeping the count', async () => {
    slotsMock.mockResolvedValue(response({}))
    setup({ catalog: classCatalog() })
    await screen.findByText('No Slots available')
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I only know how many people are coming' }),
    )
    const count = screen.getByRole('spinbutton', { name: 'Number of people' })
    fireEvent.change(count, { target: { value: '3' } })
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Total available seats for this slot is only 2$/,
    )
    expect(count).toHaveValue(3)
    expect(slotsMock).not.toHaveBeenCalledWith(
      expect.objectContaining({ seats: 3 }),
      '2030-03',
      'Europe/Berlin',
    )
    // Back within the limit, the times come back.
    fireEvent.change(count, { target: { value: '2' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(await screen.findByText('No Slots available')).toBeInTheDocument()
    expect(slotsMock).toHaveBeenLastCalledWith(
      expect.objectContaining({ seats: 2 }),
      '2030-03',
      'Europe/Berlin',
    )
  })

  it('says at once that too many guests take one service', async () => {
    slotsMock.mockResolvedValue(response({}))
    setup({ catalog: classCatalog({ seatsPerSlot: 8 }) })
    for (let guest = 0; guest < 3; guest += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a guest' }))
    }
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You can reserve up to 3 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
    expect(screen.getAllByRole('button', { name: 'Remove this guest' })).toHaveLength(3)
  })

  it("shows the server's refusal of the party on this step", async () => {
    slotsMock.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Total available seats for this slot is only 1',
        message: 'x',
        code: 'seats_left',
      }),
    )
    setup()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Total available seats for this slot is only 1',
    )
  })

  it('says the times could not be loaded when the API cannot be reached', async () => {
    slotsMock.mockRejectedValue(
      new HttpError({ statusCode: 503, statusMessage: 'Service Unavailable', message: 'x' }),
    )
    setup()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to load the available times. Please try again.',
    )
    expect(screen.queryByText('Service Unavailable')).toBeNull()
  })
})

describe('SelectSlot within the booking horizon', () => {
  it("stops the next-month button at the horizon's month, and previous at the first", async () => {
    slotsMock.mockImplementation(async (_party, month) => ({
      ...response({}, null, { bookableUntil: '2030-04-20T08:00:00.000Z' }),
      month,
    }))
    setup()
    await screen.findByText('No Slots available')
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect(await screen.findByRole('grid', { name: 'April 2030' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled()
  })
})

describe('SelectSlot time zone', () => {
  it('says "No Timezone found!" for a typed name that is no zone, and keeps it', async () => {
    slotsMock.mockResolvedValue(response({}))
    const store = setup()
    const field = screen.getByRole('combobox', { name: 'Time zone' })
    fireEvent.change(field, { target: { value: 'Mars/Olympus' } })
    fireEvent.blur(field)
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No Timezone found!$/)
    expect(field).toHaveValue('Mars/Olympus')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(store.get(timeZoneAtom)).toBe('Europe/Berlin')
    fireEvent.change(field, { target: { value: 'Asia/Kolkata' } })
    expect(screen.queryByText('No Timezone found!')).toBeNull()
    expect(store.get(timeZoneAtom)).toBe('Asia/Kolkata')
    // The month is asked for again in the new zone.
    expect(await screen.findByText('No Slots available')).toBeInTheDocument()
    expect(slotsMock).toHaveBeenLastCalledWith(expect.anything(), '2030-03', 'Asia/Kolkata')
  })
})
