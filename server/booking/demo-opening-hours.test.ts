import { instantToZonedDate, instantToZonedTime, weekdayOfDate } from '../../src/lib/time'
import { buildTestApp } from '../test-app'
import { loadParty } from './party'
import { seedBookingSetup } from './seed'
import { findPartySlots } from './slots'
import { findProvider, listServices, listStaff } from './store/catalog'

// A Monday; the four weeks after it hold both the US (10 March) and the EU (31 March) change to
// summer time.
const NOW = Date.parse('2030-03-04T06:00:00Z')
const FOUR_WEEKS = 28 * 86_400_000

/**
 * The demo booking setup at the seed's own path, or another file given (to see the test fail on
 * a setup that disagrees with itself): every time it offers, for each service with each staff
 * member or anyone, lies within the clinic's opening hours.
 */
async function timesOutsideOpeningHours(file?: string) {
  const app = await buildTestApp({}, { now: () => NOW })
  await seedBookingSetup(app.db, file)
  const provider = (await findProvider(app.db, 'harbor-physio'))!
  const outside: string[] = []
  let offered = 0
  for (const service of await listServices(app.db, provider.id!)) {
    const staff = await listStaff(app.db, provider.id!, service.id)
    for (const staffId of [null, ...staff.map((member) => member.id)]) {
      const party = await loadParty(app.db, [{ serviceId: service.id, staffId }], 1)
      const slots = await findPartySlots(app.db, party, {
        from: NOW,
        to: NOW + FOUR_WEEKS,
        now: NOW,
      })
      offered += slots.length
      for (const slot of slots) {
        const date = instantToZonedDate(slot.start, provider.timeZone)
        const start = instantToZonedTime(slot.start, provider.timeZone)
        const end = instantToZonedTime(slot.end, provider.timeZone)
        const open = provider.openingHours[String(weekdayOfDate(date)) as '1'] ?? []
        const within =
          instantToZonedDate(slot.end, provider.timeZone) === date &&
          open.some((range) => range.start <= start && end <= range.end)
        if (!within) outside.push(`${service.slug} ${staffId ?? 'any'} ${date} ${start}–${end}`)
      }
    }
  }
  await app.close()
  return { offered, outside }
}

describe('the demo booking setup', () => {
  it('offers no time outside the clinic’s opening hours in the next four weeks', async () => {
    const { offered, outside } = await timesOutsideOpeningHours()
    expect(offered).toBeGreaterThan(0)
    expect(outside).toEqual([])
  }, 60_000)
})
