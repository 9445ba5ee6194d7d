import { fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import type { AdminService } from '../lib/admin/service-types'
import { HttpError } from '../lib/http'
import { group, menu, serviceChoices } from './catalogue/fixtures'
import { AdminApp } from './shell/admin-app'
import { adminBooking, adminUser, fakeApi } from './test-support'

const staff = [
  {
    id: 3,
    name: 'Sam Staff',
    timeZone: 'Europe/Berlin',
    weeklyHours: { '1': [{ start: '09:00', end: '17:00' }] },
    serviceIds: [1],
  },
]

// Webhooks belong to the site's booking provider, which the build's data names; this test's
// build names none, but for the webhooks screen.
let mockProviderId: number | null = null
jest.mock('./shell/use-business', () => {
  const actual: typeof import('./shell/use-business') = jest.requireActual('./shell/use-business')
  return { useBusiness: () => ({ ...actual.useBusiness(), providerId: mockProviderId }) }
})
const consultation: AdminService = {
  id: 1,
  providerId: 7,
  slug: 'consult',
  name: 'Consultation',
  description: '',
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 0,
  horizonDays: 60,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 1,
  priceCents: 5000,
  depositCents: 0,
  depositPercent: 20,
  refundPolicy: 'keep_deposit',
  refundCutoffMinutes: 1440,
  currency: 'EUR',
  requiresConfirmation: true,
  requiredFields: ['firstName', 'lastName', 'email'],
  location: '',
  rescheduleCutoffMinutes: 0,
  cancellationCutoffMinutes: 0,
  recurrenceCount: null,
  intakeFormId: null,
  reminderMinutesBefore: 1440,
  translations: { de: { name: 'Beratung', description: '' } },
  assignment: 'round_robin',
  collectiveMembers: null,
}

function signedInApi() {
  const api = fakeApi()
  api.session.mockResolvedValue({ user: adminUser('owner'), csrfToken: 'x', expiresAt: '' })
  // Every screen is checked with the test-paths banner above it.
  api.status.mockResolvedValue({
    testPaths: ['payments', 'mail', 'demo'],
    site: { state: 'current', queued: false },
  })
  api.staff.mockResolvedValue(staff)
  api.bookings.mockResolvedValue({
    bookings: [adminBooking(1, { status: 'requested' })],
    nextCursor: 'next',
  })
  api.overrides.mockResolvedValue([{ date: '2030-03-08', ranges: [] }])
  api.blockedPeriods.mockResolvedValue([])
  api.users.mockResolvedValue([{ ...adminUser('owner'), disabled: false }])
  api.audit.mockResolvedValue({ entries: [], nextCursor: null })
  api.outbox.mockResolvedValue({ messages: [], next: null })
  api.forms.mockResolvedValue({
    forms: [
      {
        id: 4,
        slug: 'satisfaction',
        kind: 'survey',
        published: true,
        version: 1,
        responses: 1,
        definition: {
          title: { en: 'How was your visit?' },
          pages: [{ id: 'one', fields: [{ id: 'stars', type: 'rating', label: { en: 'Stars' } }] }],
        },
      },
    ],
  })
  api.formResponses.mockResolvedValue({
    responses: [
      {
        id: 1,
        version: 1,
        answers: {},
        locale: 'en',
        bookingId: null,
        createdAt: '2030-03-04T09:00:00.000Z',
      },
    ],
    next: null,
  })
  api.webhooks.mockResolvedValue({
    endpoints: [
      {
        id: 11,
        providerId: 7,
        url: 'https://hooks.example.com/in',
        eventTypes: ['booking.created'],
        enabled: true,
        createdAt: '2030-03-01T10:00:00.000Z',
      },
    ],
  })
  api.webhookDeliveries.mockResolvedValue({
    deliveries: [
      {
        id: 31,
        messageId: 'msg_31_11',
        eventType: 'booking.created',
        state: 'failed',
        attempts: 8,
        lastStatusCode: 500,
        lastError: null,
        createdAt: '2030-03-02T10:00:00.000Z',
        lastAttemptAt: '2030-03-03T10:00:00.000Z',
        deliveredAt: null,
        payload: {},
      },
    ],
    next: null,
  })
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
    ],
    next: null,
  })
  api.adminServices.mockResolvedValue([consultation])
  api.adminProviders.mockResolvedValue([
    { id: 7, slug: 'clinic', name: 'Harbor Physio', timeZone: 'Europe/Berlin' },
  ])

  return api
}

/** axe-core's findings, as `rule: element` lines; jsdom cannot judge colour contrast. */
async function violations(): Promise<string[]> {
  const { violations: found } = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
  })
  return found.map((each) => `${each.id}: ${each.nodes.map((node) => node.target).join(', ')}`)
}

describe("the dashboard's accessibility", () => {
  // Each path with the texts that show once its data is in.
  const screens: { path: string; loaded: (string | RegExp)[] }[] = [
    { path: '', loaded: ['Ana Silva'] },
    { path: 'calendar/', loaded: ['Sam Staff', 'No bookings.'] },
    { path: 'availability/', loaded: ['No blocked periods.', /Day off/] },
    { path: 'outbox/', loaded: ['No e-mails yet.'] },
    { path: 'audit/', loaded: ['Nothing has been recorded yet.'] },
    { path: 'users/', loaded: ['Olivia Owner'] },
    { path: 'forms/', loaded: ['How was your visit?'] },
    { path: 'webhooks/', loaded: ['https://hooks.example.com/in'] },
    { path: 'menus/', loaded: ['All treatments', 'Massage, Consultation'] },
    { path: 'groups/', loaded: ['Physio', 'Consultation, Pilates class'] },
    { path: 'links/', loaded: ['#41'] },
    { path: 'services/', loaded: ['€50.00'] },
    { path: 'staff/', loaded: ['Consultation'] },
  ]

  it.each(screens)('finds no violation on /en/admin/$path', async ({ path, loaded }) => {
    mockProviderId = path === 'webhooks/' ? 7 : null
    render(<AdminApp pathname={`/en/admin/${path}`} api={signedInApi()} />)
    await screen.findByRole('region', { name: 'Test mode' })
    for (const text of loaded) await screen.findAllByText(text)
    if (path === '') {
      fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
      fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    }
    // The screens' second views (a form's responses, an endpoint's deliveries) are checked too.
    if (path === 'forms/') {
      fireEvent.click(screen.getByRole('button', { name: 'How was your visit?' }))
      await screen.findByRole('columnheader', { name: 'Stars' })
      // And the form editor, open on that survey.
      fireEvent.click(screen.getByRole('button', { name: 'Edit How was your visit?' }))
      await screen.findByRole('group', { name: 'Question 1: Stars' })
    }
    if (path === 'webhooks/') {
      fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }))
      await screen.findByRole('button', { name: 'Resend' })
    }
    // The catalogue screens' forms and delete confirmation are checked open.
    if (path === 'menus/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit All treatments' }))
      fireEvent.click(screen.getByRole('button', { name: 'Delete All treatments' }))
      await screen.findByLabelText('Heading 1')
    }
    if (path === 'groups/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Physio' }))
      await screen.findByRole('group', { name: 'Services in the group, in order' })
    }
    // The catalogue screens' forms, open and filled in (the service's with a percentage deposit).
    if (path === 'services/') {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Consultation' }))
    }
    if (path === 'staff/') fireEvent.click(screen.getByRole('button', { name: 'Edit Sam Staff' }))
    expect(await violations()).toEqual([])
  })

  it('finds no violation on the sign-in screen', async () => {
    const api = fakeApi()
    api.session.mockRejectedValue(
      new HttpError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first.' }),
    )
    render(<AdminApp pathname="/en/admin/" api={api} />)
    await screen.findByRole('heading', { name: 'Sign in to the dashboard' })
    expect(await violations()).toEqual([])
  })
})
