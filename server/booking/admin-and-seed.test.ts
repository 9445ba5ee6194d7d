import { buildTestApp } from '../test-app'
import { ADMIN_TOKEN, book, bookingRequest, buildFixture } from './test-fixtures'

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }

describe('admin API', () => {
  it('edits providers and services, and lists bookings by status', async () => {
    const { app, services } = await buildFixture()
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/admin/providers/1',
      headers: auth,
      payload: { name: 'Harbour Clinic' },
    })
    expect(renamed.statusCode).toBe(200)
    const repriced = await app.inject({
      method: 'PATCH',
      url: `/api/admin/services/${services.consult}`,
      headers: auth,
      payload: { priceCents: 7000, maxSlotsPerBooking: 2 },
    })
    expect(repriced.statusCode).toBe(200)
    const provider = (await app.inject({ method: 'GET', url: '/api/providers/clinic' })).json()
    expect(provider.name).toBe('Harbour Clinic')
    expect(provider.services[0]).toMatchObject({ priceCents: 7000, maxSlotsPerBooking: 2 })

    await book(
      app,
      bookingRequest({ lines: [{ serviceId: services.consult, staffId: null, guestIndex: 0 }] }),
    )
    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings?status=confirmed',
      headers: auth,
    })
    expect(listed.json().bookings).toHaveLength(1)
    const none = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings?status=cancelled',
      headers: auth,
    })
    expect(none.json().bookings).toEqual([])
    await app.close()
  })

  it('answers bad admin input with 4xx and clear messages', async () => {
    const { app } = await buildFixture()
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/admin/providers',
      headers: auth,
      payload: { slug: 'clinic', name: 'Again', timeZone: 'Europe/Berlin' },
    })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().message).toBe('A provider with this slug already exists.')
    const badZone = await app.inject({
      method: 'POST',
      url: '/api/admin/providers',
      headers: auth,
      payload: { slug: 'other', name: 'Other', timeZone: 'Atlantis/Capital' },
    })
    expect(badZone.json()).toMatchObject({ statusCode: 400, statusMessage: 'No Timezone found!' })
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/admin/services/999',
      headers: auth,
      payload: { name: 'Ghost' },
    })
    expect(missing.statusCode).toBe(404)
    const depositOverPrice = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: auth,
      payload: {
        providerId: 1,
        slug: 'odd',
        name: 'Odd',
        durationMinutes: 30,
        priceCents: 100,
        depositCents: 500,
      },
    })
    expect(depositOverPrice.statusCode).toBe(400)
    await app.close()
  })
})

describe('demo booking setup', () => {
  it('loads into an empty database on first start, once', async () => {
    const app = await buildTestApp({}, { seedDemo: true })
    const provider = (
      await app.inject({ method: 'GET', url: '/api/providers/harbor-physio' })
    ).json()
    expect(provider.staff.map((s: { timeZone: string }) => s.timeZone)).toEqual([
      'Europe/Berlin',
      'Europe/Lisbon',
      'Europe/Berlin',
    ])
    const bySlug = Object.fromEntries(provider.services.map((s: { slug: string }) => [s.slug, s]))
    expect(bySlug.consultation).toMatchObject({ durationMinutes: 30, seatsPerSlot: 1 })
    expect(bySlug['pilates-class']).toMatchObject({ durationMinutes: 60, seatsPerSlot: 8 })
    expect(bySlug['sports-massage']).toMatchObject({ requiresConfirmation: true })
    expect(bySlug['shockwave-therapy'].depositCents).toBeGreaterThan(0)
    expect(bySlug['back-rehab'].recurrenceCount).toBe(4)
    const link = await app.inject({
      method: 'GET',
      url: '/api/one-time-links/welcome-consultation',
    })
    expect(link.json().service.slug).toBe('consultation')
    const { seedBookingSetup } = await import('./seed')
    expect(await seedBookingSetup(app.db)).toBe(false)
    await app.close()
  })
})
