import setup from '../../content/booking-setup.json'
import demoForms from '../../content/forms.json'
import type { AdminBooking, ApiKey, AuditEntry, CreatedApiKey } from '../lib/admin/api-types'
import type { FormSummary } from '../lib/admin/form-types'
import type { MediaItem, StudioItem } from '../lib/admin/content-types'
import type { AdminService } from '../lib/admin/service-types'
import type { CalendarConnection, CalendarFeed } from '../lib/calendars/api-types'
import type { Author, ContentKind, Page, Post, Product, SiteSettings } from '../lib/content/types'
import type { ServiceTranslations } from '../lib/booking/api-types'
import type { FormDefinition } from '../lib/forms/definition'
import { LOCALES } from '../lib/locale/locales'
import type { SameInEveryLanguage } from '../lib/locale/untranslated'
import type { OutboxMessage } from '../lib/notifications/api-types'
import { productTranslation, translation } from '../lib/testing/content'
import { group, menu, serviceChoices } from './catalogue/fixtures'
import {
  adminBooking,
  adminBookingLine,
  adminUser,
  fakeApi,
  webhookDelivery,
  webhookEndpoint,
} from './test-support'

/*
 * A dashboard with something on every screen, for the tests that walk all of them (the
 * all-languages walk, the accessibility check): the demo clinic's services with their real
 * translations, bookings in each state, an audit log with each kind of entry. Every value the
 * screens show as it is (names, addresses, e-mails) is in DATA_SHOWN_AS_IS, with why.
 */

const clinic = setup.providers[0]!
const demoService = (slug: string) => clinic.services.find((service) => service.slug === slug)!
const consultation = demoService('consultation')
const massage = demoService('sports-massage')
const translationsOf = (service: { translations: object }) =>
  service.translations as ServiceTranslations

const line = (guestIndex: number, guestName: string, service: typeof consultation) =>
  adminBookingLine({
    guestIndex,
    guestName,
    serviceId: guestIndex + 1,
    serviceName: service.name,
    serviceTranslations: translationsOf(service),
    priceCents: service.priceCents,
  })

const START = '2030-03-05T08:00:00.000Z'
const END = '2030-03-05T09:00:00.000Z'
const payment = {
  id: 5,
  provider: 'local',
  currency: 'EUR',
  totalAmount: 13500,
  dueNowAmount: 13500,
  termsVersion: '1',
  termsAcceptedAt: '2030-03-01T10:00:00.000Z',
}

const REASON = 'Dr. Vogel is away at a congress that week.'
const EMBEDDING_SITE = 'https://www.harbor-physio.example'

/** One booking in each state the screens tell apart. */
const bookings: AdminBooking[] = [
  adminBooking(1, {
    status: 'requested',
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    lines: [line(0, 'Ana Silva', consultation), line(1, 'Bo Berg', massage)],
    totalCents: 13500,
    intake: [
      {
        formId: 4,
        version: 1,
        title: 'Vor Ihrem ersten Besuch',
        answers: [{ fieldId: 'reason', label: 'Was führt Sie zu uns?', answer: 'Rückenschmerzen' }],
      },
    ],
  }),
  adminBooking(2, {
    status: 'held',
    contact: { firstName: 'Carla', lastName: 'Diaz', email: 'carla@example.com' },
    holdExpiresAt: '2030-03-04T10:00:00.000Z',
    payment: { ...payment, status: 'pending', paidAmount: 0, refundedAmount: 0 },
  }),
  adminBooking(3, {
    status: 'confirmed',
    contact: { firstName: 'Dan', lastName: 'Eriksen', email: 'dan@example.com' },
    payment: { ...payment, status: 'partially_refunded', paidAmount: 6500, refundedAmount: 1000 },
    occurrences: [
      { start: START, end: END },
      { start: '2030-03-12T08:00:00.000Z', end: '2030-03-12T09:00:00.000Z' },
    ],
    history: [
      { type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' },
      { type: 'payment.succeeded', at: '2030-03-01T10:01:00.000Z', actor: 'system' },
      { type: 'booking.rescheduled', at: '2030-03-02T10:00:00.000Z', actor: 'owner@example.com' },
      { type: 'payment.refunded', at: '2030-03-02T11:00:00.000Z', actor: 'token' },
    ],
  }),
  adminBooking(4, {
    status: 'cancelled',
    contact: { firstName: 'Eva', lastName: 'Fischer', email: 'eva@example.com' },
    cancellationReason: REASON,
    history: [
      { type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' },
      { type: 'booking.cancelled', at: '2030-03-02T10:00:00.000Z', actor: 'owner@example.com' },
    ],
  }),
]

/** A booking that has begun (for the no-show action), marked as such. */
export const begunBooking = adminBooking(5, {
  status: 'confirmed',
  start: '2020-03-05T08:00:00.000Z',
  end: '2020-03-05T09:00:00.000Z',
  contact: { firstName: 'Finn', lastName: 'Olsen', email: 'finn@example.com' },
})

/** Sam Staff and Tia Therapist. */
export const staff = [
  {
    id: 3,
    name: 'Sam Staff',
    timeZone: 'Europe/Berlin',
    weeklyHours: { '1': [{ start: '09:00', end: '17:00' }] },
    serviceIds: [1, 2],
    outsideOpeningHours: false,
    version: 1,
  },
  {
    id: 4,
    name: 'Tia Therapist',
    timeZone: 'Europe/Lisbon',
    weeklyHours: {},
    serviceIds: [1],
    outsideOpeningHours: false,
    version: 1,
  },
]

const adminService: AdminService = {
  id: 1,
  version: 1,
  providerId: 7,
  slug: consultation.slug,
  name: 'Consultation',
  description: consultation.description,
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 0,
  horizonDays: 60,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 1,
  priceCents: consultation.priceCents,
  depositCents: 0,
  depositPercent: 20,
  refundPolicy: 'keep_deposit',
  refundCutoffMinutes: 1440,
  currency: 'EUR',
  requiresConfirmation: true,
  requiredFields: ['firstName', 'lastName', 'email'],
  location: consultation.location,
  rescheduleCutoffMinutes: 0,
  cancellationCutoffMinutes: 0,
  recurrenceCount: null,
  intakeFormId: 4,
  reminderMinutesBefore: 1440,
  translations: translationsOf(consultation),
  assignment: 'round_robin',
  collectiveMembers: null,
}

const intakeForm = demoForms.forms.find((form) => form.kind === 'form')!
export const forms: FormSummary[] = [
  {
    id: 4,
    slug: intakeForm.slug,
    kind: 'form',
    published: true,
    version: 1,
    responses: 1,
    definition: intakeForm.definition as FormDefinition,
  },
]

/** The content screen's: a page in two languages, published; a post in English, a draft. */
export const aboutPage: StudioItem<Page> = {
  id: 'about',
  slug: 'about',
  path: 'about',
  status: 'published',
  hostsBlog: false,
  hostsStore: false,
  menu: 'header',
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-02T10:00:00.000Z',
  version: 3,
  updatedBy: 'owner@example.com',
  publishAt: null,
  unpublishedAt: null,
  translations: [translation('en', 'About the practice'), translation('de', 'Über die Praxis')],
}
export const kneePost: StudioItem<Post> = {
  id: 'knee-exercises',
  slug: 'knee-exercises',
  status: 'draft',
  authorId: 'ana',
  categoryIds: [],
  tagIds: [],
  coverImage: null,
  publishedAt: null,
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-03T10:00:00.000Z',
  version: 1,
  updatedBy: null,
  publishAt: null,
  unpublishedAt: null,
  translations: [translation('en', 'Five knee exercises')],
}
export const anaAuthor: StudioItem<Author> = {
  id: 'ana',
  slug: 'ana-costa',
  name: 'Ana Costa',
  avatar: null,
  status: 'published',
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
  version: 1,
  updatedBy: null,
  publishAt: null,
  unpublishedAt: null,
  translations: [translation('en', 'Physiotherapist')],
}
/** A product, a draft, with its own pick-up text in English. */
export const bandProduct: StudioItem<Product> = {
  id: 'band',
  slug: 'resistance-band',
  status: 'draft',
  price: { amount: 1250, currency: 'EUR' },
  images: [],
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
  version: 1,
  updatedBy: null,
  publishAt: null,
  unpublishedAt: null,
  translations: [
    productTranslation('en', 'Resistance band', 'Collect it at the front desk, any weekday.'),
  ],
}

/** An image of the media library, shown as a post's cover. */
export const kneePhoto: MediaItem = {
  name: 'knee-photo.jpg',
  path: '/api/content/media/knee-photo.jpg',
  contentType: 'image/jpeg',
  width: 1200,
  height: 800,
  size: 860_000,
  updatedAt: '2030-03-02T10:00:00.000Z',
  alt: { en: 'A knee being examined' },
  usedBy: [{ kind: 'posts', id: 'knee-exercises', title: 'Five knee exercises' }],
}

/** The site's settings: it books for the demo clinic. */
export const siteSettings: SiteSettings = {
  defaultLocale: 'en',
  languages: [...LOCALES],
  rootPagePath: 'about',
  bookingProvider: clinic.slug,
  logo: null,
  translations: [{ locale: 'en', siteName: clinic.name, cookieBannerText: '' }],
}

const NEXTCLOUD = 'https://cloud.harbor-physio.example/remote.php/dav'
const SCHOOL_HOLIDAYS = 'https://holidays.example.org/school.ics'
const FEED_FAILURE = 'The feed answered 404 Not Found.'

/**
 * Sam Staff's calendars: a Nextcloud account with two calendars (both checked, bookings going
 * into the second) that works, and a published feed that fails.
 */
export const calendarConnections: CalendarConnection[] = [
  {
    id: 1,
    kind: 'caldav',
    url: NEXTCLOUD,
    username: 'sam',
    calendars: [
      {
        url: `${NEXTCLOUD}/calendars/sam/personal/`,
        name: 'Personal',
        color: '#0082c9',
        checked: true,
        receivesBookings: false,
      },
      {
        url: `${NEXTCLOUD}/calendars/sam/clinic/`,
        name: 'Clinic',
        color: null,
        checked: true,
        receivesBookings: true,
      },
    ],
    state: 'ok',
    lastSyncedAt: '2030-03-02T10:00:00.000Z',
    lastError: null,
    lastErrorCode: null,
    failures: 0,
    busyCount: 12,
  },
  {
    id: 2,
    kind: 'ics',
    url: SCHOOL_HOLIDAYS,
    username: null,
    calendars: [
      {
        url: SCHOOL_HOLIDAYS,
        name: 'School holidays',
        color: null,
        checked: false,
        receivesBookings: false,
      },
    ],
    state: 'failing',
    lastSyncedAt: '2030-03-01T10:00:00.000Z',
    lastError: FEED_FAILURE,
    lastErrorCode: 'calendar_not_found',
    failures: 3,
    busyCount: 4,
  },
]

/** Sam Staff's private feed of bookings. */
export const calendarFeed: CalendarFeed = {
  url: 'https://harbor-physio.example/api/staff/3/calendar.ics?token=tok_first',
  webcal: 'webcal://harbor-physio.example/api/staff/3/calendar.ics?token=tok_first',
}

const deliveries = [
  webhookDelivery(31),
  webhookDelivery(32, {
    eventType: 'booking.cancelled',
    state: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    createdAt: '2030-03-02T11:00:00.000Z',
    lastAttemptAt: '2030-03-02T11:00:00.000Z',
    deliveredAt: '2030-03-02T11:00:00.000Z',
  }),
]

/** A sent e-mail, in its reader's language (a visitor who booked in Danish). */
export const outboxMessage: OutboxMessage = {
  id: 21,
  bookingId: 1,
  kind: 'confirmed',
  to: 'ana@example.com',
  subject: 'Aftale bekræftet: Fysioterapeutisk konsultation',
  text: 'Hej Ana Silva,\n\nDin aftale er booket.\n',
  html: '<p>Hej Ana Silva,</p>',
  sentAt: '2030-03-01T10:00:00.000Z',
}

/** One entry of each kind the audit log records (server/admin/*, server/booking/store/events). */
const auditEntries: AuditEntry[] = [
  { action: 'session.login', actor: 'owner@example.com', target: 'user:1', detail: {} },
  { action: 'session.login_failed', actor: 'owner@example.com', target: null, detail: {} },
  {
    action: 'user.created',
    actor: 'owner@example.com',
    target: 'user:2',
    detail: { email: 'frida@example.com', role: 'front_desk' },
  },
  {
    action: 'user.updated',
    actor: 'owner@example.com',
    target: 'user:2',
    detail: { role: 'staff', staffId: 3, disabled: true, passwordReset: true },
  },
  {
    action: 'availability.override_set',
    actor: 'owner@example.com',
    target: 'staff:3',
    detail: { date: '2030-03-08', ranges: [{ start: '09:00', end: '12:00' }] },
  },
  {
    action: 'availability.blocked',
    actor: 'owner@example.com',
    target: 'blocked-period:6',
    detail: {
      id: 6,
      staffId: null,
      start: '2030-03-10T08:00:00.000Z',
      end: '2030-03-11T08:00:00.000Z',
      reason: REASON,
    },
  },
  {
    action: 'booking.cancelled',
    actor: 'owner@example.com',
    target: 'booking:4',
    detail: { from: 'confirmed', reason: REASON, by: 'business' },
  },
  {
    action: 'booking.rescheduled',
    actor: 'token',
    target: 'booking:3',
    detail: {
      from: '2030-03-04T08:00:00.000Z',
      to: START,
      end: END,
      status: 'confirmed',
    },
  },
  {
    action: 'payment.refunded',
    actor: 'owner@example.com',
    target: 'booking:3',
    detail: { paymentId: 5, amount: 1000, currency: 'EUR' },
  },
  {
    action: 'PATCH /api/admin/services/:id',
    actor: 'owner@example.com',
    target: null,
    detail: { params: { id: '1' } },
  },
  { action: 'backup.taken', actor: 'system', target: null, detail: {} },
].map((entry, index) => ({ id: 100 - index, at: '2030-03-02T10:00:00.000Z', ...entry }))

/** An API key of each state: one in use, one that expired, one revoked. */
export const apiKeys: ApiKey[] = [
  {
    id: 3,
    name: 'CRM',
    prefix: 'hp_live_AbCd',
    scopes: ['bookings:read', 'catalogue:read'],
    createdBy: 'owner@example.com',
    createdAt: '2030-03-01T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: '2030-03-02T10:00:00.000Z',
    revokedAt: null,
  },
  {
    id: 2,
    name: 'Accounting export',
    prefix: 'hp_live_EfGh',
    scopes: ['bookings:read'],
    createdBy: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    expiresAt: '2024-07-01T00:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
  },
  {
    id: 1,
    name: 'Old sync',
    prefix: 'hp_live_IjKl',
    scopes: ['content:write'],
    createdBy: 'sam@example.com',
    createdAt: '2024-01-01T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: '2024-02-01T10:00:00.000Z',
    revokedAt: '2024-03-01T10:00:00.000Z',
  },
]

/** The answer to making a key: the key itself, this once. */
export const createdApiKey: CreatedApiKey = {
  id: 4,
  name: 'Website sync',
  prefix: 'hp_live_MnOp',
  scopes: ['content:read'],
  createdAt: '2030-03-02T10:00:00.000Z',
  expiresAt: null,
  key: 'hp_live_MnOpQrStUvWxYz0123456789abcdefghijklmnop',
}

/** The mocked API of a signed-in owner, every screen's list answered with the data above. */
export function dashboardApi() {
  const api = fakeApi()
  api.session.mockResolvedValue({ user: adminUser('owner'), csrfToken: 'x', expiresAt: '' })
  // Every screen is walked with the test-paths banner above it, and a site to rebuild.
  api.status.mockResolvedValue({
    testPaths: ['payments', 'mail', 'demo'],
    site: {
      state: 'building',
      since: '2030-03-02T10:00:00.000Z',
      queued: true,
      lastFailedAt: '2030-03-02T09:00:00.000Z',
    },
  })
  api.staff.mockResolvedValue(staff)
  api.staffCalendars.mockResolvedValue({ connections: calendarConnections, feed: calendarFeed })
  api.bookings.mockResolvedValue({ bookings, nextCursor: 'next' })
  api.overrides.mockResolvedValue([
    { date: '2030-03-08', ranges: [] },
    { date: '2030-03-09', ranges: [{ start: '09:00', end: '12:00' }] },
  ])
  api.blockedPeriods.mockResolvedValue([
    {
      id: 6,
      staffId: null,
      start: '2030-03-10T08:00:00.000Z',
      end: '2030-03-11T08:00:00.000Z',
      reason: REASON,
    },
    { id: 7, staffId: 3, start: START, end: END, reason: REASON },
  ])
  api.users.mockResolvedValue([
    { ...adminUser('owner'), disabled: false },
    {
      ...adminUser('staff', { id: 2, name: 'Sam Staff', email: 'sam@example.com', staffId: 3 }),
      mustChangePassword: true,
      disabled: true,
    },
  ])
  api.audit.mockResolvedValue({ entries: auditEntries, nextCursor: '90' })
  api.outbox.mockResolvedValue({ messages: [outboxMessage], next: 20 })
  api.forms.mockResolvedValue({ forms })
  api.formResponses.mockResolvedValue({
    responses: [
      {
        id: 1,
        version: 1,
        answers: { reason: 'back' },
        locale: 'de',
        bookingId: 1,
        createdAt: '2030-03-04T09:00:00.000Z',
      },
    ],
    next: null,
  })
  api.webhooks.mockResolvedValue({ endpoints: [webhookEndpoint] })
  api.apiKeys.mockResolvedValue(apiKeys)
  api.createApiKey.mockResolvedValue(createdApiKey)
  api.revokeApiKey.mockResolvedValue(undefined)
  api.webhookDeliveries.mockResolvedValue({ deliveries, next: null })
  api.resendDelivery.mockResolvedValue({ id: 31, state: 'pending' })
  api.serviceChoices.mockResolvedValue(serviceChoices)
  api.serviceMenus.mockResolvedValue([menu])
  api.groups.mockResolvedValue([group])
  api.oneTimeLinks.mockResolvedValue({
    links: [
      {
        id: 1,
        serviceId: 1,
        serviceName: 'Consultation',
        createdAt: '2030-03-01T10:00:00.000Z',
        expiresAt: null,
        usedAt: '2030-03-02T10:00:00.000Z',
        bookingId: 41,
        state: 'used',
      },
      {
        id: 2,
        serviceId: 2,
        serviceName: 'Pilates class',
        createdAt: '2030-03-01T10:00:00.000Z',
        expiresAt: '2030-03-03T10:00:00.000Z',
        usedAt: null,
        bookingId: null,
        state: 'expired',
      },
      {
        id: 3,
        serviceId: 3,
        serviceName: 'Massage',
        createdAt: '2030-03-01T10:00:00.000Z',
        expiresAt: '2031-03-03T10:00:00.000Z',
        usedAt: null,
        bookingId: null,
        state: 'unused',
      },
    ],
    next: 1,
  })
  const contentOf = (kind: ContentKind): StudioItem[] =>
    ({ pages: [aboutPage], posts: [kneePost], authors: [anaAuthor], products: [bandProduct] })[
      kind as string
    ] ?? []
  api.contentItems.mockImplementation((async (kind: ContentKind) => contentOf(kind)) as never)
  api.contentPage.mockImplementation(async (kind) => ({ items: contentOf(kind), nextCursor: null }))
  api.contentSite.mockResolvedValue(siteSettings)
  api.siteSettings.mockResolvedValue(siteSettings)
  api.mediaLibrary.mockResolvedValue([kneePhoto])
  api.contentRevisions.mockResolvedValue([
    { version: 1, savedAt: kneePost.updatedAt, savedBy: 'owner@example.com', status: 'draft' },
  ])
  api.contentRevision.mockResolvedValue({
    version: 1,
    savedAt: '2030-03-02T10:00:00.000Z',
    savedBy: null,
    status: 'draft',
    item: { ...kneePost, translations: [translation('en', 'Four knee exercises')] },
  })
  api.adminServices.mockResolvedValue([adminService])
  api.adminProviders.mockResolvedValue([
    {
      id: 7,
      slug: clinic.slug,
      name: clinic.name,
      timeZone: clinic.timeZone,
      embedOrigins: [EMBEDDING_SITE, '*'],
      version: 1,
    },
  ])
  return api
}

/**
 * What the screens show as it was entered or sent, so it reads the same in every language of
 * the dashboard, each with why. A walk allows these and nothing else that equals English.
 */
export const DATA_SHOWN_AS_IS: SameInEveryLanguage = {
  [clinic.name]: 'the clinic’s name (a brand)',
  'Ana Silva': 'a visitor’s name',
  'Bo Berg': 'a guest’s name',
  'Carla Diaz': 'a visitor’s name',
  'Dan Eriksen': 'a visitor’s name',
  'Eva Fischer': 'a visitor’s name',
  'Finn Olsen': 'a visitor’s name',
  'Sam Staff': 'a staff member’s name',
  'Tia Therapist': 'a staff member’s name',
  'Olivia Owner': 'an account’s name',
  'owner@example.com': 'an account’s e-mail address',
  'sam@example.com': 'an account’s e-mail address',
  'frida@example.com': 'an account’s e-mail address (in the audit log)',
  'ana@example.com': 'a visitor’s e-mail address',
  'bo@example.com': 'a guest’s e-mail address',
  'carla@example.com': 'a visitor’s e-mail address',
  'dan@example.com': 'a visitor’s e-mail address',
  'eva@example.com': 'a visitor’s e-mail address',
  'finn@example.com': 'a visitor’s e-mail address',
  [REASON]: 'a reason the clinic typed (a cancellation, a blocked period), shown as written',
  [consultation.location]: 'the place, as the clinic writes it (an address)',
  'Harbor Street 1': 'a booking’s place, as the clinic wrote it (an address)',
  [webhookEndpoint.url]: 'a webhook endpoint’s address (a URL)',
  ...Object.fromEntries(
    [...apiKeys, createdApiKey].map((key) => [key.name, 'an API key’s name, as it was given']),
  ),
  [EMBEDDING_SITE]: 'a site that may show the widget (a URL)',
  [outboxMessage.subject]: 'an e-mail as it was sent, in its reader’s language',
  [outboxMessage.text]: 'an e-mail as it was sent, in its reader’s language',
  // The catalogue as the clinic named it: the screens that edit it show the name it was given,
  // its translations each in their own field. (A booking's services are shown translated.)
  Consultation: 'a service’s name, as the clinic gave it (its catalogue)',
  'Pilates class': 'a service’s name, as the clinic gave it (its catalogue)',
  Massage: 'a service’s name, as the clinic gave it (its catalogue)',
  [menu.name]: 'a service menu’s name, as the clinic gave it',
  [menu.headings[0]!.name]: 'a menu heading, as the clinic gave it',
  [group.name]: 'a group’s name, as the clinic gave it',
  [group.description]: 'a group’s description, as the clinic wrote it',
  'Vor Ihrem ersten Besuch': 'an intake form’s title in the language the visitor answered in',
  'Was führt Sie zu uns?': 'an intake question in the language the visitor answered in',
  Rückenschmerzen: 'an intake answer in the language the visitor answered in',
  'About the practice': 'a page’s title, as the clinic wrote it in English',
  'Über die Praxis': 'a page’s title, as the clinic wrote it in German',
  'Five knee exercises': 'a post’s title, as the clinic wrote it in English',
  'Resistance band': 'a product’s name, as the clinic wrote it in English',
  'Collect it at the front desk, any weekday.':
    'a product’s pick-up text, as the clinic wrote it in English',
  'Four knee exercises': 'an earlier version of a post’s title, as the clinic wrote it',
  [kneePhoto.name]: 'an image’s file name in the media library',
  'anim.gif': 'a file’s name, as the computer it came from named it',
  '840 kB': 'an image’s size, which many languages write as English does',
  [kneePhoto.alt.en!]: 'an image’s alt text, as the clinic wrote it in English',
  // A post's title compared word by word with an earlier version: the words as written.
  Four: 'a word of an earlier title, compared with the title now',
  Five: 'a word of the title now, compared with an earlier one',
  'knee exercises': 'words both titles share, compared',
  [anaAuthor.name]: 'an author’s name',
  '/de/blog/b/knee-exercises/': 'a post’s address on the site (a path)',
  'http://localhost/de/blog/b/knee-exercises/': 'a post’s address on the site (a URL)',
  '/de/store/product/band/': 'a product’s address on the site (a path)',
  'http://localhost/de/store/product/band/': 'a product’s address on the site (a URL)',
  localhost: 'the site’s domain, as a shared link’s card names it',
  [NEXTCLOUD]: 'a calendar server’s address (a URL)',
  [SCHOOL_HOLIDAYS]: 'a published calendar’s address (a URL)',
  sam: 'a calendar account’s user name',
  Personal: 'a calendar’s name, as its owner gave it',
  Clinic: 'a calendar’s name, as its owner gave it',
  'School holidays': 'a calendar’s name, as its publisher gave it',
  [FEED_FAILURE]: 'why a calendar could not be read, in the server’s words',
  [calendarFeed.url]: 'a booking feed’s address (a URL)',
  [calendarFeed.webcal]: 'a booking feed’s address (a URL)',
}
