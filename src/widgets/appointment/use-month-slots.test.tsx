import { renderHook, waitFor } from '@testing-library/react'
import type { SlotsResponse } from '../../lib/booking/api-types'
import { fetchSlots } from './api'
import { useMonthSlots } from './use-month-slots'

jest.mock('./api', () => ({ fetchSlots: jest.fn() }))

const month: SlotsResponse = {
  month: '2030-03',
  timeZone: 'Europe/Berlin',
  days: { '2030-03-05': [] },
  nextAvailable: null,
  bookableFrom: '2030-03-01T00:00:00.000Z',
  bookableUntil: '2030-05-01T00:00:00.000Z',
}

describe('useMonthSlots', () => {
  it('loads a month once for a party chosen again with the same lines', async () => {
    jest.mocked(fetchSlots).mockResolvedValue(month)
    const party = () => ({ lines: [{ serviceId: 1, staffId: 2 }], seats: 1 })
    const { result, rerender } = renderHook(
      ({ value }) => useMonthSlots(value, '2030-03', 'Europe/Berlin'),
      { initialProps: { value: party() } },
    )
    await waitFor(() => expect(result.current.slots.status).toBe('ready'))
    rerender({ value: party() })
    rerender({ value: { lines: [{ serviceId: 1, staffId: 2 }], seats: 1 } })
    expect(result.current.slots.status).toBe('ready')
    expect(fetchSlots).toHaveBeenCalledTimes(1)
    // Another staff member is another party: its month is loaded.
    rerender({ value: { lines: [{ serviceId: 1, staffId: 3 }], seats: 1 } })
    await waitFor(() => expect(fetchSlots).toHaveBeenCalledTimes(2))
  })
})
