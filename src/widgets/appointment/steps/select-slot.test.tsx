import { act, fireEvent, screen } from '@testing-library/react'
import type { SlotsResponse } from '../../../lib/booking/api-types'
import { fetchNextSlot, fetchSlots } from '../api'
import { monthAtom, slotReadAtom } from '../state'
import { catalog, flowStore, renderWithStore, service, slot } from '../test-support'
import { SelectSlot } from './select-slot'

jest.mock('../api', () => ({
  fetchSlots: jest.fn(),
  fetchNextSlot: jest.fn(),
  fetchTimeZones: jest.fn(async () => ({ timeZones: ['Europe/Berlin', 'Asia/Kolkata'] })),
}))

const slotsMock = jest.mocked(fetchSlots)
const response = (
  days: SlotsResponse['days'],
  nextAvailable: SlotsResponse['nextAvailable'] = null,
) =>
  ({
    serviceId: 1,
    month: '2030-03',
    timeZone: 'Europe/Berlin',
    days,
    nextAvailable,
  }) as SlotsResponse

function setup(options: Parameters<typeof flowStore>[0] = {}) {
  const store = flowStore({ staff: 'any', ...options })
  store.set(monthAtom, '2030-03')
  renderWithStore(store, <SelectSlot />)
  return store
}

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
  })

  it('finds the next available slot and opens its day', async () => {
    slotsMock.mockResolvedValue(response({ '2030-03-20': [slot('2030-03-20T09:00:00.000Z')] }))
    jest.mocked(fetchNextSlot).mockResolvedValue({ slot: slot('2030-03-20T09:00:00.000Z') })
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Find next available slot' }))
    expect(await screen.findByRole('button', { name: '10:00 AM' })).toBeInTheDocument()
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
