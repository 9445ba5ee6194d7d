import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { isErrorObject } from '../src/lib/http/error-object'
import { propertyRuns, propertyTimeout } from '../src/lib/testing/properties'
import { ADMIN_TOKEN, NOW } from './content/test-fixtures'
import { MATCH_PATHS_FILE } from './site/match-paths'
import { encodeCursor } from './page-cursor'
import { buildTestApp } from './test-app'

/**
 * Property-based fuzzing of every public endpoint: whatever a client sends, the answer is never a
 * 5xx, every 4xx carries the spec's error object, and no Location header holds a raw byte. The
 * requests start from valid ones (so they get past the first check and reach the database) and
 * are mutated with what broke the server before: integers beyond PostgreSQL's `integer`, NUL
 * bytes, lone surrogates, percent-garbage, long strings, wrong types and extra fields.
 */

// Fixed so a failure reproduces; fast-check prints the seed and path of any counterexample.
const SEED = 20300304
/**
 * Requests per property in CI, 1,100 in all, which a busy two-core machine answers in a few
 * seconds; `FUZZ_RUNS=5000` sends that many to each for the long run (README, "Tests").
 */
const CI_RUNS = { reads: 200, writes: 250, content: 150, admin: 200, site: 200, anything: 100 }
const TIME_LIMIT_MS = 30_000
const timeLimit = (ciRuns: number) => propertyTimeout(TIME_LIMIT_MS, ciRuns)

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202E',
  '\uFEFF',
  '\r\n',
  '\u0085',
  '%',
  '%00',
  '%zz',
  '..',
  '../../etc/passwd',
  '.env',
  '\\',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  'café',
  'zajęcia',
  '💥',
  ' ',
  '',
  'NaN',
  '__proto__',
]

const nastyText = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...NASTY), fc.string({ maxLength: 8 }))
    .map((parts) => parts.join('')),
  fc.integer({ min: 101, max: 20_000 }).map((length) => 'x'.repeat(length)),
)

const hugeNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 1e21, 1e308, -(2 ** 31) - 1, -1, 0, 0.5),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
)

const numericText = fc.oneof(
  hugeNumber.map(String),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc.constantFrom('1e400', '-0', '0x10', '1.5', ' 1', '+1', '01', '2147483648', '99999999999'),
)

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
)

const anyValue: fc.Arbitrary<unknown> = fc.oneof(nastyText, hugeNumber, numericText, wrongType)

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`

/**
 * Percent-encodes a string as a client would, except that a lone surrogate becomes the three
 * bytes a broken client sends for it (WTF-8), which are not valid UTF-8.
 */
function encodeSegment(text: string): string {
  let encoded = ''
  for (const char of text) {
    if (/^[A-Za-z0-9._~-]$/.test(char)) encoded += char
    else if (/^[\uD800-\uDFFF]$/.test(char)) {
      const unit = char.charCodeAt(0)
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map(hex)
        .join('')
    } else encoded += encodeURIComponent(char)
  }
  return encoded
}

const PERCENT_GARBAGE = [
  '%',
  '%2',
  '%zz',
  '%G0',
  '%C3',
  '%C3%28',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%0A',
  '%2F',
  '%2e%2e',
  '%25',
  '%%41',
  '%u0041',
  '%C0%AF',
  '%C4%99',
  '%C3%A9',
]

// Built once: arbitraries are cheap to draw from but not to build.
const badSegment = fc.oneof(
  { weight: 2, arbitrary: nastyText.map(encodeSegment) },
  { weight: 2, arbitrary: numericText.map(encodeSegment) },
  { weight: 1, arbitrary: fc.constantFrom(...PERCENT_GARBAGE) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9-]{0,10}$/), fc.constantFrom(...PERCENT_GARBAGE))
      .map(([text, garbage]) => text + garbage),
  },
)

/** A path segment or query value: one of the valid ones, or a bad one, as a client sends it. */
const segment = (...valid: string[]) =>
  valid.length > 0
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(...valid) },
        { weight: 3, arbitrary: badSegment },
      )
    : badSegment

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix]
  const children = Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]))
  return prefix.length > 0 ? [prefix, ...children] : children
}

function valueAt(value: unknown, at: string[]): unknown {
  return at.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object'
        ? (current as Record<string, unknown>)[key]
        : undefined,
    value,
  )
}

type Mutation = { at: string[]; op: 'set' | 'delete' | 'extra'; value: unknown; key: string }

function applyMutations<T>(base: T, mutations: Mutation[]): T {
  const copy = structuredClone(base) as Record<string, unknown>
  for (const { at, op, value, key } of mutations) {
    const parent = valueAt(copy, at.slice(0, -1)) as Record<string, unknown> | undefined
    const last = at[at.length - 1] as string
    if (parent === null || typeof parent !== 'object') continue
    if (op === 'delete') delete parent[last]
    else if (op === 'set') parent[last] = value
    else {
      const target = parent[last]
      if (target !== null && typeof target === 'object') {
        ;(target as Record<string, unknown>)[key] = value
      } else parent[key] = value
    }
  }
  return copy as T
}

const mutationOp = fc.constantFrom<Mutation['op']>('set', 'set', 'delete', 'extra')
const extraKey = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor'))

/** A valid value with one to three of its fields replaced, removed or joined by extra ones. */
function mutated<T extends object>(base: T): fc.Arbitrary<T> {
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...pathsOf(base).map((at) => {
      const original = valueAt(base, at)
      const value: fc.Arbitrary<unknown> =
        typeof original === 'string'
          ? fc.oneof(
              anyValue,
              nastyText.map((text) => original + text),
              nastyText.map((text) => text + original),
            )
          : typeof original === 'number'
            ? fc.oneof(hugeNumber, anyValue)
            : anyValue
      return fc.record({ at: fc.constant(at), op: mutationOp, value, key: extraKey })
    }),
  )
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant(base) },
      { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
    )
    .map((mutations) => (Array.isArray(mutations) ? applyMutations(base, mutations) : base))
}

/** A query string from valid values, some replaced by nasty ones, some repeated or extra. */
function query(valid: Record<string, string[]>): fc.Arbitrary<string> {
  const keys = Object.keys(valid)
  const pair = fc.oneof(
    ...keys.map((key) => fc.tuple(fc.constant(key), segment(...(valid[key] as string[])))),
    fc.tuple(badSegment, badSegment),
  )
  return fc
    .oneof(
      fc.constant(Object.entries(valid).map(([key, values]) => [key, values[0] as string])),
      fc.array(pair, { maxLength: 6 }),
      fc
        .tuple(fc.array(pair, { maxLength: 3 }), fc.constant(Object.keys(valid)))
        .map(([pairs, required]) => [
          ...required
            .filter((key) => !pairs.some(([k]) => k === key))
            .map((key) => [key, valid[key]?.[0] as string] as [string, string]),
          ...pairs,
        ]),
    )
    .map((pairs) =>
      pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`,
    )
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8']
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'image/png',
  'application/octet-stream',
  '',
]
const RAW_BODIES = ['{"a":', '', 'null', '[]', '"text"', '1e999', '{"a":"\\u0000"}', '\u0000']

/** A JSON body as sent, or the raw garbage a broken client sends instead. */
function body(
  value: fc.Arbitrary<unknown>,
): fc.Arbitrary<Pick<InjectOptions, 'headers' | 'payload'>> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(value, fc.constantFrom(...JSON_TYPES)).map(([json, type]) => ({
        headers: { 'content-type': type },
        payload: JSON.stringify(json) ?? '',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES))
        .map(([payload, type]) => ({ headers: { 'content-type': type }, payload })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(JSON_TYPES[0] as string).map((type) => ({
        headers: { 'content-type': type },
        payload: JSON.stringify({ a: 'x'.repeat(300 * 1024) }),
      })),
    },
  )
}

/** The answer must hold whatever was asked; throws (for fast-check) with the exchange if not. */
function checkAnswer(
  request: InjectOptions,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  { htmlNotFoundPage = false } = {},
) {
  const exchange = () =>
    `${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 300)} → ` +
    `${response.statusCode} ${response.body.slice(0, 300)}`
  if (response.statusCode >= 500) throw new Error(`5xx: ${exchange()}`)
  const location = response.headers.location
  if (location !== undefined && !/^[\x21-\x7e]+$/.test(String(location))) {
    throw new Error(`Location not percent-encoded (${JSON.stringify(location)}): ${exchange()}`)
  }
  if (response.statusCode < 400) return
  const isHtmlPage = String(response.headers['content-type']).startsWith('text/html')
  if (htmlNotFoundPage && response.statusCode === 404 && isHtmlPage) return
  let parsed: unknown
  try {
    parsed = JSON.parse(response.body)
  } catch {
    throw new Error(`4xx without JSON: ${exchange()}`)
  }
  if (!isErrorObject(parsed) || parsed.statusCode !== response.statusCode) {
    throw new Error(`4xx without the error object: ${exchange()}`)
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` })

describe('fuzzing every public endpoint', () => {
  let app: FastifyInstance
  let publicDir: string
  const known = {
    serviceIds: [] as string[],
    serviceSlugs: [] as string[],
    staffIds: [] as string[],
    starts: [] as string[],
    manageTokens: [] as string[],
    previewToken: '',
  }

  const run = async (
    requests: fc.Arbitrary<InjectOptions>,
    ciRuns: number,
    options?: { htmlNotFoundPage: boolean },
  ) => {
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        checkAnswer(request, await app.inject(request), options)
      }),
      { ...propertyRuns(ciRuns, SEED), endOnFailure: true },
    )
  }

  beforeAll(async () => {
    publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuzz-public-'))
    const page = (dir: string, text: string) =>
      fs
        .mkdir(path.join(publicDir, dir), { recursive: true })
        .then(() => fs.writeFile(path.join(publicDir, dir, 'index.html'), text))
    await page('', 'root')
    await page('en/404', 'not found page')
    await page('en/home', 'home')
    await page('en/v2/preview/[...]', 'preview')
    await fs.writeFile(
      path.join(publicDir, MATCH_PATHS_FILE),
      JSON.stringify([{ matchPath: '/en/v2/preview/*', path: '/en/v2/preview/[...]/' }]),
    )
    app = await buildTestApp(
      { publicDir, adminToken: ADMIN_TOKEN, rateLimitPerMinute: 1_000_000 },
      { seedDemo: true, now: () => NOW },
    )
    const provider = (await app.inject('/api/providers/harbor-physio')).json()
    known.serviceIds = provider.services.map((service: { id: number }) => String(service.id))
    known.serviceSlugs = provider.services.map((service: { slug: string }) => service.slug)
    known.staffIds = provider.staff.map((member: { id: number }) => String(member.id))
    const pilates = provider.services.find(
      (service: { slug: string }) => service.slug === 'pilates-class',
    )
    const month = (
      await app.inject(`/api/services/${pilates.id}/slots?month=2030-03&timeZone=UTC`)
    ).json()
    known.starts = Object.values(month.days as Record<string, { start: string }[]>).flatMap(
      (slots) => slots.map((slot) => slot.start),
    )
    for (const start of known.starts.slice(0, 3)) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          lines: [{ serviceId: pilates.id, staffId: null, guestIndex: 0 }],
          start,
          timeZone: 'Europe/Berlin',
          contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        },
      })
      known.manageTokens.push(created.json().manageToken)
    }
    // A booking held for its deposit, so the payment routes are fuzzed past "no payment".
    const shockwave = provider.services.find(
      (service: { slug: string }) => service.slug === 'shockwave-therapy',
    )
    const shockwaveMonth = (
      await app.inject(`/api/services/${shockwave.id}/slots?month=2030-03&timeZone=UTC`)
    ).json()
    const [heldStart] = Object.values(
      shockwaveMonth.days as Record<string, { start: string }[]>,
    ).flatMap((slots) => slots.map((slot) => slot.start))
    const held = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        lines: [{ serviceId: shockwave.id, staffId: null, guestIndex: 0 }],
        start: heldStart,
        timeZone: 'Europe/Berlin',
        contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        termsAccepted: true,
      },
    })
    expect(held.json().booking.status).toBe('held')
    known.manageTokens.push(held.json().manageToken)
    const preview = await app.inject({
      method: 'POST',
      url: '/api/admin/content/preview-tokens',
      headers: auth(ADMIN_TOKEN),
    })
    known.previewToken = preview.json().token
    expect(known.starts.length).toBeGreaterThan(20)
    expect(known.manageTokens.every(Boolean)).toBe(true)
  }, TIME_LIMIT_MS)

  afterAll(async () => {
    await app?.close()
    await fs.rm(publicDir, { recursive: true, force: true })
  })

  it(
    'answers the booking reads with no 5xx and the error object on every 4xx',
    async () => {
      const service = () => segment(...known.serviceIds, ...known.serviceSlugs)
      const lines = [known.serviceIds[1] as string, `${known.serviceIds[0]}.${known.staffIds[0]}`]
      const slotsQuery = query({
        month: ['2030-03', '2031-01', '1999-12'],
        timeZone: ['Europe/Berlin', 'UTC'],
        staffId: known.staffIds,
        seats: ['1', '2'],
      })
      const nextQuery = query({
        timeZone: ['Europe/Berlin'],
        staffId: known.staffIds,
        from: ['2030-03-10T00:00:00Z'],
        seats: ['1'],
      })
      const partyLines = [...lines, lines.join(',')]
      const partySlotsQuery = query({
        month: ['2030-03'],
        timeZone: ['Europe/Berlin'],
        lines: partyLines,
        seats: ['1', '3'],
      })
      const partyNextQuery = query({
        timeZone: ['Europe/Berlin'],
        lines: partyLines,
        seats: ['1', '3'],
        from: ['2030-03-10T00:00:00Z'],
      })
      const urls = fc.oneof(
        segment('harbor-physio').map((slug) => `/api/providers/${slug}`),
        service().map((id) => `/api/services/${id}`),
        fc.tuple(service(), slotsQuery).map(([id, q]) => `/api/services/${id}/slots${q}`),
        fc.tuple(service(), nextQuery).map(([id, q]) => `/api/services/${id}/next-available${q}`),
        partySlotsQuery.map((q) => `/api/slots${q}`),
        partyNextQuery.map((q) => `/api/next-available${q}`),
        segment('welcome-consultation').map((slug) => `/api/one-time-links/${slug}`),
        query({ q: ['x'] }).map((q) => `/api/time-zones${q}`),
        fc
          .tuple(segment(...known.manageTokens), fc.constantFrom('', '/calendar.ics'))
          .map(([token, rest]) => `/api/bookings/manage/${token}${rest}`),
      )
      await run(
        urls.map((url) => ({ method: 'GET', url })),
        CI_RUNS.reads,
      )
    },
    timeLimit(CI_RUNS.reads),
  )

  it(
    'answers booking, reschedule and cancel requests with no 5xx and the error object on every 4xx',
    async () => {
      const [pilates] = known.serviceIds.filter((_, i) => known.serviceSlugs[i] === 'pilates-class')
      const booking = fc.constantFrom(...known.starts).chain((start) =>
        mutated({
          lines: [
            { serviceId: Number(pilates), staffId: null, guestIndex: 0 },
            { serviceId: Number(pilates), staffId: null, guestIndex: 1 },
          ],
          start,
          timeZone: 'Europe/Berlin',
          contact: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ada@example.com',
            phone: '+49 30 1234567',
            dateOfBirth: '1990-12-10',
            location: 'Berlin',
            additionalInformation: 'Second floor',
            consent: true,
          },
          guests: [{ name: 'Grace Hopper', email: 'grace@example.com' }],
          termsAccepted: true,
        } satisfies Json),
      )
      const bookings = fc
        .tuple(body(booking), fc.option(segment('key-12345678'), { nil: undefined }))
        .map(([sent, key]): InjectOptions => ({
          method: 'POST',
          url: '/api/bookings',
          headers: { ...sent.headers, ...(key ? { 'idempotency-key': key } : {}) },
          payload: sent.payload,
        }))
      const manage = fc
        .tuple(
          segment(...known.manageTokens),
          fc.oneof(
            fc
              .constant('/reschedule')
              .chain((action) =>
                body(
                  fc
                    .constantFrom(...known.starts)
                    .chain((start) => mutated({ start, timeZone: 'Europe/Berlin' })),
                ).map((sent) => ({ action, sent })),
              ),
            fc
              .constant('/cancel')
              .chain((action) =>
                body(mutated({ reason: 'Cannot make it' })).map((sent) => ({ action, sent })),
              ),
            fc.constant('/payment/checkout').chain((action) =>
              body(mutated({ locale: 'de', previewId: 'home' })).map((sent) => ({
                action,
                sent,
              })),
            ),
          ),
        )
        .map(([token, { action, sent }]): InjectOptions => ({
          method: 'POST',
          url: `/api/bookings/manage/${token}${action}`,
          ...sent,
        }))
      // Webhooks with whatever body and signature: refused with the error object, never a 5xx.
      const webhooks = fc
        .tuple(
          segment('local', 'stripe'),
          body(mutated({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } })),
          nastyText,
        )
        .map(([provider, sent, signature]): InjectOptions => ({
          method: 'POST',
          url: `/api/payments/webhooks/${provider}`,
          headers: { ...sent.headers, 'local-payments-signature': signature },
          payload: sent.payload,
        }))
      const payments = segment(...known.manageTokens).map((token): InjectOptions => ({
        method: 'GET',
        url: `/api/bookings/manage/${token}/payment`,
      }))
      await run(
        fc.oneof(
          { weight: 3, arbitrary: bookings },
          { weight: 1, arbitrary: manage },
          { weight: 1, arbitrary: webhooks },
          { weight: 1, arbitrary: payments },
        ),
        CI_RUNS.writes,
      )
    },
    timeLimit(CI_RUNS.writes),
  )

  it(
    'answers the content API with no 5xx and the error object on every 4xx',
    async () => {
      const kind = segment('posts', 'pages', 'categories', 'authors', 'tags', 'products')
      const id = segment('1', 'p1', 'welcome', 'hamstring-strain-return')
      const urls = fc.oneof(
        fc.constantFrom('/api/content/site', '/api/content/version'),
        kind.map((k) => `/api/content/${k}`),
        fc.tuple(kind, id).map(([k, i]) => `/api/content/${k}/${i}`),
        fc
          .tuple(segment('logo.png', 'hero-harbor.jpg'), query({ w: ['480', '960', '1600'] }))
          .map(([name, q]) => `/api/content/media/${name}${q}`),
        fc
          .tuple(kind, id, query({ token: [known.previewToken, 'nope'] }))
          .map(([k, i, q]) => `/api/content/preview/${k}/${i}${q}`),
      )
      await run(
        urls.map((url) => ({ method: 'GET', url })),
        CI_RUNS.content,
      )
    },
    timeLimit(CI_RUNS.content),
  )

  it(
    'answers the admin APIs, with a valid and an invalid token, with no 5xx and the error object on every 4xx',
    async () => {
      const token = fc.constantFrom(ADMIN_TOKEN, ADMIN_TOKEN, 'wrong-token', '')
      const id = segment(...known.serviceIds, ...known.staffIds)
      const provider = {
        slug: 'fuzz',
        name: 'Fuzz',
        timeZone: 'Europe/Berlin',
        email: '',
        phone: '',
      }
      const service = {
        providerId: 1,
        slug: 'fuzz',
        name: 'Fuzz',
        durationMinutes: 30,
        priceCents: 1000,
        depositCents: 100,
        seatsPerSlot: 2,
        requiredFields: ['email'],
        recurrenceCount: 2,
      }
      const staff = {
        providerId: 1,
        name: 'Fuzz',
        timeZone: 'UTC',
        weeklyHours: { 1: [{ start: '09:00', end: '12:00' }] },
        overrides: [{ date: '2030-03-05', ranges: [] }],
        serviceIds: [1],
      }
      const translation = { locale: 'en', title: 'Fuzz', body: '<p>x</p>', excerpt: 'x' }
      const item = { slug: 'fuzz', status: 'draft', translations: [translation] }
      const contentKinds = fc.constantFrom(
        { kind: 'pages', body: { ...item, path: 'fuzz', hostsBlog: false } },
        { kind: 'posts', body: { ...item, authorId: 'a', categoryIds: ['c'], publishedAt: null } },
        { kind: 'authors', body: { ...item, name: 'Fuzz', avatar: null } },
        { kind: 'products', body: { ...item, price: { amount: 100, currency: 'EUR' } } },
        { kind: 'collections', body: { ...item, productIds: ['p'] } },
      )
      const requests: fc.Arbitrary<
        Omit<InjectOptions, 'headers'> & { json?: fc.Arbitrary<unknown> }
      > = fc.oneof(
        fc.constant({
          method: 'POST' as const,
          url: '/api/admin/providers',
          json: mutated(provider),
        }),
        fc.constant({
          method: 'POST' as const,
          url: '/api/admin/services',
          json: mutated(service),
        }),
        fc.constant({ method: 'POST' as const, url: '/api/admin/staff', json: mutated(staff) }),
        fc.constant({
          method: 'POST' as const,
          url: '/api/admin/one-time-links',
          json: mutated({ serviceId: 1, expiresAt: '2030-04-01T00:00:00Z' }),
        }),
        fc.tuple(fc.constantFrom('providers', 'services', 'staff'), id).map(([what, i]) => ({
          method: 'PATCH' as const,
          url: `/api/admin/${what}/${i}`,
          json: mutated({ name: 'Renamed', providerId: 1, serviceIds: [1] }),
        })),
        query({ status: ['confirmed', 'held'] }).map((q) => ({
          method: 'GET' as const,
          url: `/api/admin/bookings${q}`,
        })),
        fc.tuple(id, fc.constantFrom('confirm', 'decline', 'cancel')).map(([i, action]) => ({
          method: 'POST' as const,
          url: `/api/admin/bookings/${i}/${action}`,
          json: mutated({ reason: 'Closed' }),
        })),
        query({ status: ['paid', 'pending'], bookingId: ['1'] }).map((q) => ({
          method: 'GET' as const,
          url: `/api/admin/payments${q}`,
        })),
        id.map((i) => ({
          method: 'POST' as const,
          url: `/api/admin/payments/${i}/refund`,
          json: mutated({ amount: 100, reason: 'Goodwill' }),
        })),
        fc.constant({
          method: 'PUT' as const,
          url: '/api/admin/content/site',
          json: mutated({
            defaultLocale: 'en',
            rootPagePath: 'home',
            translations: [{ locale: 'en', siteName: 'Fuzz', cookieBannerText: 'x' }],
          }),
        }),
        fc.constant({
          method: 'POST' as const,
          url: '/api/admin/content/preview-tokens',
          json: mutated({ ttlMinutes: 5 }),
        }),
        fc
          .tuple(
            contentKinds,
            query({
              limit: ['2'],
              cursor: [encodeCursor({ at: '2030-03-04T06:00:00.000001Z', id: 'fuzz' })],
              q: ['fuzz'],
              status: ['draft', 'scheduled', 'published'],
            }),
          )
          .map(([{ kind }, q]) => ({
            method: 'GET' as const,
            url: `/api/admin/content/${kind}${q}`,
          })),
        fc.tuple(contentKinds, fc.option(segment())).map(([{ kind, body: json }, other]) => ({
          method: 'POST' as const,
          url: `/api/admin/content/${other ?? kind}`,
          json: mutated(json),
        })),
        fc
          .tuple(
            contentKinds,
            segment('fuzz', 'home'),
            fc.constantFrom('', '/publish', '/unpublish'),
          )
          .map(([{ kind, body: json }, i, action]) => ({
            method: action ? ('POST' as const) : ('PATCH' as const),
            url: `/api/admin/content/${kind}/${i}${action}`,
            json: mutated({ slug: json.slug, translations: json.translations }),
          })),
        segment('fuzz.png').map((name) => ({
          method: 'PUT' as const,
          url: `/api/admin/content/media/${name}`,
          payload: Buffer.from('not an image'),
        })),
      )
      await run(
        fc.tuple(requests, token).chain(([{ json, ...request }, t]) =>
          (json ? body(json) : fc.constant<Pick<InjectOptions, 'headers' | 'payload'>>({})).map(
            (sent): InjectOptions => ({
              ...request,
              ...sent,
              headers: {
                ...(request.payload ? { 'content-type': 'image/png' } : {}),
                ...sent.headers,
                ...auth(t),
              },
            }),
          ),
        ),
        CI_RUNS.admin,
      )
    },
    timeLimit(CI_RUNS.admin),
  )

  it(
    'answers site paths with a page, a percent-encoded redirect or a 404, never a 5xx',
    async () => {
      const locale = fc.constantFrom('', '/en', '/de', '/pt-br')
      const shapes = fc.oneof(
        fc.array(segment('home', 'journal', 'b', 'c', 'product', 'widget'), { maxLength: 4 }),
        fc
          .tuple(fc.constantFrom('b', 'c', 'author', 'tag', 'product', 'collections'), segment())
          .map(([shape, slug]) => ['journal', shape, slug]),
        fc
          .tuple(fc.constantFrom('b', 'post', 'product', 'collections'), segment())
          .map(([shape, slug]) => ['v2', 'preview', 'journal', shape, slug]),
      )
      const urls = fc
        .tuple(
          locale,
          shapes,
          fc.boolean(),
          query({ token: [known.previewToken, 'nope'], slug: ['x'] }),
        )
        .map(
          ([prefix, segments, slash, q]) =>
            `${prefix}/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}${q}`,
        )
      const headers = fc.record(
        {
          'accept-language': fc.oneof(
            fc.constantFrom('de-AT,en;q=0.5', 'pt-BR', '*', ';q=x', 'zz'),
            fc.stringMatching(/^[a-zA-Z0-9,;=.* -]{0,40}$/),
          ),
          cookie: fc.oneof(
            fc.constantFrom('i18n_redirected=fr', 'i18n_redirected=%', 'i18n_redirected=zz'),
            fc.stringMatching(/^[a-zA-Z0-9_=;% -]{0,40}$/),
          ),
        },
        { requiredKeys: [] },
      )
      await run(
        fc.tuple(urls, headers).map(([url, h]) => ({ method: 'GET', url, headers: h })),
        CI_RUNS.site,
        { htmlNotFoundPage: true },
      )
    },
    timeLimit(CI_RUNS.site),
  )

  it(
    'answers any method, path and body with the error object',
    async () => {
      const requests = fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          fc.array(segment('api', 'bookings', 'admin', 'content', 'services'), {
            minLength: 1,
            maxLength: 4,
          }),
          body(anyValue),
        )
        .map(([method, segments, sent]): InjectOptions => ({
          method: method as InjectOptions['method'],
          url: `/${segments.join('/')}`,
          ...(method === 'GET' || method === 'OPTIONS' ? {} : sent),
        }))
      await run(requests, CI_RUNS.anything, { htmlNotFoundPage: true })
    },
    timeLimit(CI_RUNS.anything),
  )
})
