import { fetchNextSlot, fetchSlots, prefetchSlots } from './api'

const requested: URL[] = []
const realFetch = globalThis.fetch

beforeEach(() => {
  requested.length = 0
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requested.push(new URL(String(input), 'http://site'))
    return new Response('{}', { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
})
afterAll(() => {
  globalThis.fetch = realFetch
})

describe('the party slot calls', () => {
  const party = {
    lines: [
      { serviceId: 3, staffId: 12 },
      { serviceId: 3, staffId: null },
    ],
    seats: 2,
  }

  it("ask /api/slots for the month with the party's lines and seats", async () => {
    await fetchSlots(party, '2030-03', 'Europe/Berlin')
    const [url] = requested
    expect(url?.pathname).toBe('/api/slots')
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      month: '2030-03',
      timeZone: 'Europe/Berlin',
      lines: '3.12,3',
      seats: '2',
    })
  })

  it('ask /api/next-available with the same party', async () => {
    await fetchNextSlot(party, 'Asia/Kolkata')
    const [url] = requested
    expect(url?.pathname).toBe('/api/next-available')
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      timeZone: 'Asia/Kolkata',
      lines: '3.12,3',
      seats: '2',
    })
  })
})

describe('a prefetched month', () => {
  const party = { lines: [{ serviceId: 3, staffId: null }], seats: 1 }
  afterEach(() => jest.useRealTimers())

  it('is taken by the next call for the same party, month and zone, once', async () => {
    prefetchSlots(party, '2030-04', 'Europe/Berlin')
    prefetchSlots(party, '2030-04', 'Europe/Berlin')
    expect(requested).toHaveLength(1)
    await fetchSlots(party, '2030-04', 'Europe/Berlin')
    expect(requested).toHaveLength(1)
    await fetchSlots(party, '2030-04', 'Europe/Berlin')
    expect(requested).toHaveLength(2)
    await fetchSlots(party, '2030-05', 'Europe/Berlin')
    await fetchSlots({ ...party, seats: 2 }, '2030-04', 'Europe/Berlin')
    expect(requested).toHaveLength(4)
  })

  it('is asked for again when older than half a minute', async () => {
    jest.useFakeTimers({ now: Date.parse('2030-03-01T10:00:00Z'), doNotFake: ['queueMicrotask'] })
    prefetchSlots(party, '2030-06', 'Europe/Berlin')
    jest.setSystemTime(Date.parse('2030-03-01T10:00:31Z'))
    await fetchSlots(party, '2030-06', 'Europe/Berlin')
    expect(requested).toHaveLength(2)
  })

  it('is asked for again by a later prefetch once the earlier one is stale', async () => {
    jest.useFakeTimers({ now: Date.parse('2030-03-01T10:00:00Z'), doNotFake: ['queueMicrotask'] })
    prefetchSlots(party, '2030-07', 'Europe/Berlin')
    jest.setSystemTime(Date.parse('2030-03-01T10:00:31Z'))
    prefetchSlots(party, '2030-07', 'Europe/Berlin')
    expect(requested).toHaveLength(2)
    await fetchSlots(party, '2030-07', 'Europe/Berlin')
    expect(requested).toHaveLength(2)
  })
})
