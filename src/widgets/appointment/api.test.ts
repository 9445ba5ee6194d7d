import { fetchNextSlot, fetchSlots } from './api'

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
