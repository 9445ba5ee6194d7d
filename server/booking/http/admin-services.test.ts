import type { AdminStaff, AuditPage } from '../../../src/lib/admin/api-types'
import {
  SERVICE_ASSIGNMENTS,
  type AdminProvider,
  type AdminService,
} from '../../../src/lib/admin/service-types'
import { account, type Browser } from '../../admin/test-support'
import { TEAM_RULES } from '../availability'
import { buildFixture, type Fixture } from '../test-fixtures'
import { serviceSchema } from './setup-schemas'

let fixture: Fixture
let owner: Browser
let admin: Browser
let frontDesk: Browser
let staff: Browser

beforeAll(async () => {
  fixture = await buildFixture()
  owner = await account(fixture.app, 'owner')
  admin = await account(fixture.app, 'admin')
  frontDesk = await account(fixture.app, 'front_desk')
  staff = await account(fixture.app, 'staff', fixture.staff.anna)
}, 60_000)
afterAll(() => fixture.app.close())

const services = async (browser: Browser = owner) => {
  const response = await browser.request({ method: 'GET', url: '/api/admin/services' })
  expect(response.statusCode).toBe(200)
  return response.json() as AdminService[]
}
const serviceNamed = async (slug: string) => (await services()).find((each) => each.slug === slug)!
const settingsOf = ({ id: _id, version: _version, ...settings }: AdminService) => settings

describe('GET /api/admin/services and /api/admin/providers', () => {
  it.each(['/api/admin/services', '/api/admin/providers'])(
    'answer owner and admin, and refuse front desk and staff (%s)',
    async (url) => {
      for (const browser of [owner, admin]) {
        expect((await browser.request({ method: 'GET', url })).statusCode).toBe(200)
      }
      for (const browser of [frontDesk, staff]) {
        const refused = await browser.request({ method: 'GET', url })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ statusCode: 403, code: 'forbidden' })
      }
      expect((await fixture.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    },
  )

  it("name every setting as serviceSchema does, with the fixture's values", async () => {
    const list = await services()
    expect(list.map((each) => each.slug)).toEqual([
      'consult',
      'yoga',
      'massage',
      'shockwave',
      'weekly',
    ])
    const schemaKeys = Object.keys(serviceSchema.describe().keys ?? {})
    for (const service of list)
      expect(Object.keys(service).sort()).toEqual(['id', 'version', ...schemaKeys].sort())
    expect(list.find((each) => each.slug === 'consult')).toMatchObject({
      id: fixture.services.consult,
      name: 'Consultation',
      durationMinutes: 30,
      slotIntervalMinutes: 30,
      bufferAfterMinutes: 10,
      priceCents: 5000,
      currency: 'EUR',
      location: 'Room 1',
      requiredFields: ['firstName', 'lastName', 'email'],
      translations: {},
      intakeFormId: null,
      assignment: 'round_robin',
    })
    const providers = (
      await owner.request({ method: 'GET', url: '/api/admin/providers' })
    ).json() as AdminProvider[]
    expect(providers).toEqual([
      {
        id: list[0]!.providerId,
        slug: 'clinic',
        name: 'Test Clinic',
        timeZone: 'Europe/Berlin',
        embedOrigins: [],
        version: 1,
      },
    ])
  })

  it("give back the provider's embed origins as the Embedding screen saves them, from a version", async () => {
    const providers = async () =>
      (
        await admin.request({ method: 'GET', url: '/api/admin/providers' })
      ).json() as AdminProvider[]
    const [provider] = await providers()
    const save = (embedOrigins: string[], version: number) =>
      admin.request({
        method: 'PATCH',
        url: `/api/admin/providers/${provider!.id}`,
        payload: { embedOrigins, version },
      })
    const origins = ['https://www.clinic.example', 'http://localhost:8080']
    const saved = await save(origins, provider!.version)
    expect([saved.statusCode, saved.json()]).toEqual([
      200,
      { id: provider!.id, version: provider!.version + 1 },
    ])
    expect((await providers())[0]).toMatchObject({ name: 'Test Clinic', embedOrigins: origins })

    // Another admin's list, read before that save: refused, so neither site is lost.
    const stale = await save(['https://blog.clinic.example'], provider!.version)
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      expect.objectContaining({
        code: 'version_conflict',
        currentVersion: provider!.version + 1,
        message: expect.stringMatching(/^Someone else saved this provider while you were /),
      }),
    ])
    expect((await providers())[0]!.embedOrigins).toEqual(origins)
    expect((await save([], provider!.version + 1)).statusCode).toBe(200)
    expect((await providers())[0]).toMatchObject({
      embedOrigins: [],
      version: provider!.version + 2,
    })
  })

  it('offers the assignments the server knows', () => {
    expect([...SERVICE_ASSIGNMENTS]).toEqual([...TEAM_RULES])
  })

  it('give back what PATCH and POST take, unchanged', async () => {
    const massage = await serviceNamed('massage')
    const edited = {
      ...settingsOf(massage),
      name: 'Deep massage',
      translations: { de: { name: 'Tiefenmassage', description: 'Kräftig' } },
      priceCents: 7250,
      currency: 'CHF',
      depositCents: 0,
      depositPercent: 20,
      recurrenceCount: 4,
      requiredFields: ['firstName', 'lastName', 'phone'],
      assignment: 'collective',
      collectiveMembers: 2,
    }
    const patched = await admin.request({
      method: 'PATCH',
      url: `/api/admin/services/${massage.id}`,
      payload: edited,
    })
    expect(patched.statusCode).toBe(200)
    // The deposit stays as stored (0 under a percentage), not the 1450 a visitor is asked for.
    expect(await serviceNamed('massage')).toEqual({
      id: massage.id,
      version: massage.version + 1,
      ...edited,
    })

    const created = await owner.request({
      method: 'POST',
      url: '/api/admin/services',
      payload: { ...edited, slug: 'massage-copy' },
    })
    expect(created.statusCode).toBe(201)
    const id = (created.json() as { id: number }).id
    expect(await serviceNamed('massage-copy')).toEqual({
      ...edited,
      id,
      version: 1,
      slug: 'massage-copy',
    })

    const audit = (
      await owner.request({ method: 'GET', url: '/api/admin/audit' })
    ).json() as AuditPage
    expect(audit.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['PATCH /api/admin/services/:id', 'POST /api/admin/services']),
    )
  })
})

describe('two edits of one service (optimistic concurrency)', () => {
  const patch = (id: number, payload: object, browser = admin) =>
    browser.request({ method: 'PATCH', url: `/api/admin/services/${id}`, payload })

  it('apply the first save from a version and refuse the second, changing nothing of it', async () => {
    const yoga = await serviceNamed('yoga')
    const first = await patch(yoga.id, { priceCents: 1800, version: yoga.version })
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { id: yoga.id, version: yoga.version + 1 },
    ])

    const second = await patch(
      yoga.id,
      { priceCents: 2100, location: 'Studio 2', version: yoga.version },
      owner,
    )
    const message =
      'Someone else saved this service while you were editing it. Your changes are still here: ' +
      'reload the service to see theirs, then save again.'
    expect([second.statusCode, second.json()]).toEqual([
      409,
      {
        statusCode: 409,
        statusMessage: 'Conflict',
        message,
        code: 'version_conflict',
        currentVersion: yoga.version + 1,
      },
    ])
    expect(await serviceNamed('yoga')).toEqual({
      ...yoga,
      priceCents: 1800,
      version: yoga.version + 1,
    })

    // From the version the refusal named, the same change goes through.
    const again = await patch(yoga.id, { priceCents: 2100, version: yoga.version + 1 }, owner)
    expect(again.json()).toEqual({ id: yoga.id, version: yoga.version + 2 })
  })

  it('apply a change without a version whatever was saved meanwhile (last write wins)', async () => {
    const weekly = await serviceNamed('weekly')
    expect((await patch(weekly.id, { name: 'Weekly A', version: weekly.version })).statusCode).toBe(
      200,
    )
    const unversioned = await patch(weekly.id, { name: 'Weekly B' })
    expect([unversioned.statusCode, unversioned.json()]).toEqual([
      200,
      { id: weekly.id, version: weekly.version + 2 },
    ])
    expect(await serviceNamed('weekly')).toMatchObject({
      name: 'Weekly B',
      version: weekly.version + 2,
    })
  })

  it('answer a version that is no whole number from 1 with 400, an unknown id with 404', async () => {
    const consult = await serviceNamed('consult')
    for (const version of [0, 1.5, 'two', null]) {
      const refused = await patch(consult.id, { name: 'X', version })
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        expect.objectContaining({ statusCode: 400, message: expect.stringContaining('version') }),
      ])
    }
    const unknown = await patch(99999, { name: 'Nothing', version: 1 })
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      expect.objectContaining({ message: 'No such service.' }),
    ])
    expect(await serviceNamed('consult')).toEqual(consult)
  })
})

describe("the catalogue's writes from a browser", () => {
  it('are refused without the CSRF header', async () => {
    const consult = await serviceNamed('consult')
    for (const request of [
      {
        method: 'PATCH' as const,
        url: `/api/admin/services/${consult.id}`,
        payload: { name: 'X' },
      },
      { method: 'POST' as const, url: '/api/admin/services', payload: settingsOf(consult) },
      { method: 'POST' as const, url: '/api/admin/staff', payload: {} },
      {
        method: 'PATCH' as const,
        url: `/api/admin/staff/${fixture.staff.ben}`,
        payload: { name: 'X' },
      },
    ]) {
      const refused = await owner.request({ ...request, csrf: false })
      expect(refused.statusCode).toBe(403)
    }
    expect((await serviceNamed('consult')).name).toBe('Consultation')
  })

  it('answer bad input with 400 and the error object, an unknown id with 404', async () => {
    const consult = await serviceNamed('consult')
    const tooBigDeposit = await owner.request({
      method: 'PATCH',
      url: `/api/admin/services/${consult.id}`,
      payload: { priceCents: 100, depositCents: 200 },
    })
    expect(tooBigDeposit.statusCode).toBe(400)
    expect(tooBigDeposit.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
    const unknown = await owner.request({
      method: 'PATCH',
      url: '/api/admin/services/99999',
      payload: { name: 'Nothing' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'No such service.' })
    const badZone = await owner.request({
      method: 'PATCH',
      url: `/api/admin/staff/${fixture.staff.ben}`,
      payload: { timeZone: 'Mars/Olympus' },
    })
    expect(badZone.statusCode).toBe(400)
    expect(badZone.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
    const noStaff = await owner.request({
      method: 'PATCH',
      url: '/api/admin/staff/99999',
      payload: { name: 'Nobody' },
    })
    expect(noStaff.statusCode).toBe(404)
  })

  it('refuse a deposit above the price, naming the price, whichever of the two the request sends', async () => {
    const consult = await serviceNamed('consult')
    const patch = (payload: object) =>
      owner.request({ method: 'PATCH', url: `/api/admin/services/${consult.id}`, payload })
    const refusal = (price: string, field: string) => {
      const message = `The deposit must not be more than the price (${price}).`
      return {
        statusCode: 400,
        statusMessage: message,
        message,
        fields: { [field]: message },
        code: 'invalid_request',
      }
    }
    // The deposit alone is judged against the price stored (5000 cents, EUR).
    const depositOnly = await patch({ depositCents: 500 })
    expect(depositOnly.statusCode).toBe(200)
    expect((await serviceNamed('consult')).depositCents).toBe(500)
    const tooBig = await patch({ depositCents: 6000 })
    expect([tooBig.statusCode, tooBig.json()]).toEqual([400, refusal('€50.00', 'depositCents')])
    // A price below the deposit stored, and both at once in another currency.
    const priceOnly = await patch({ priceCents: 100 })
    expect([priceOnly.statusCode, priceOnly.json()]).toEqual([400, refusal('€1.00', 'priceCents')])
    const both = await patch({ priceCents: 100, depositCents: 200, currency: 'USD' })
    expect([both.statusCode, both.json()]).toEqual([400, refusal('$1.00', 'depositCents')])
    const created = await owner.request({
      method: 'POST',
      url: '/api/admin/services',
      payload: { ...settingsOf(consult), slug: 'consult-copy', priceCents: 100, depositCents: 200 },
    })
    expect([created.statusCode, created.json()]).toEqual([400, refusal('€1.00', 'depositCents')])
    expect(await serviceNamed('consult')).toMatchObject({ priceCents: 5000, depositCents: 500 })
    expect((await patch({ depositCents: 0 })).statusCode).toBe(200)
  })

  it('create and edit a staff member as the Staff screen sends it', async () => {
    const [provider] = (
      await owner.request({ method: 'GET', url: '/api/admin/providers' })
    ).json() as AdminProvider[]
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/staff',
      payload: {
        providerId: provider!.id,
        name: 'Dora',
        timeZone: 'Europe/Lisbon',
        serviceIds: [fixture.services.yoga],
      },
    })
    expect([created.statusCode, created.json().version]).toEqual([201, 1])
    const id = (created.json() as { id: number }).id
    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/admin/staff/${id}`,
      payload: {
        name: 'Dora Diaz',
        serviceIds: [fixture.services.consult, fixture.services.yoga],
        version: 1,
      },
    })
    expect([changed.statusCode, changed.json().version]).toEqual([200, 2])
    const list = (
      await admin.request({ method: 'GET', url: '/api/admin/staff' })
    ).json() as AdminStaff[]
    expect(list.find((member) => member.id === id)).toEqual({
      id,
      name: 'Dora Diaz',
      timeZone: 'Europe/Lisbon',
      weeklyHours: {},
      serviceIds: [fixture.services.consult, fixture.services.yoga],
      outsideOpeningHours: false,
      version: 2,
    })
  })
})
