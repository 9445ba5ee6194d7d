import { render } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactElement } from 'react'
import type {
  BookingStatus,
  CreatedBooking,
  PublicService,
  PublicStaff,
  SlotView,
} from '../../lib/booking/api-types'
import type { Catalog } from './catalog'
import {
  choosePartyAtom,
  chooseSlotAtom,
  chooseStaffAtom,
  startAtom,
  timeZoneAtom,
  type PartyChoice,
} from './state'

export const service = (overrides: Partial<PublicService> = {}): PublicService => ({
  id: 1,
  slug: 'consultation',
  name: 'Physiotherapy consultation',
  description: '',
  translations: {},
  intakeFormId: null,
  durationMinutes: 30,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 3,
  priceCents: 6500,
  depositCents: 0,
  currency: 'EUR',
  requiresConfirmation: false,
  requiredFields: ['firstName', 'lastName', 'email', 'phone'],
  location: 'Hafenstraße 12, Hamburg',
  recurrenceCount: null,
  rescheduleCutoffMinutes: 0,
  cancellationCutoffMinutes: 0,
  refundPolicy: 'full_before_cutoff',
  refundCutoffMinutes: 0,
  ...overrides,
})

export const staffMember = (overrides: Partial<PublicStaff> = {}): PublicStaff => ({
  id: 10,
  name: 'Dr. Lena Vogel',
  photoUrl: null,
  timeZone: 'Europe/Berlin',
  serviceIds: [1, 2],
  ...overrides,
})

export const provider = {
  id: 1,
  slug: 'harbor-physio',
  name: 'Harbor Physio',
  timeZone: 'Europe/Berlin',
  email: 'hello@harbor-physio.example',
  phone: '+49 40 123456',
  address: 'Hafenstraße 12, 20459 Hamburg',
  openingHours: {},
  termsPage: 'terms',
  termsVersion: '1',
}

export const catalog = (services = [service()], staff = [staffMember()]): Catalog => ({
  provider,
  services,
  staff,
})

export const slot = (start: string, overrides: Partial<SlotView> = {}): SlotView => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  staffIds: [10],
  seatsLeft: 1,
  ...overrides,
})

/** A store at a given point of the flow, in Europe/Berlin unless told otherwise. */
export function flowStore(
  options: {
    catalog?: Catalog
    staff?: number | 'any'
    party?: PartyChoice
    slot?: SlotView
    timeZone?: string
  } = {},
) {
  const store = createStore()
  store.set(timeZoneAtom, options.timeZone ?? 'Europe/Berlin')
  store.set(startAtom, options.catalog ?? catalog())
  if (options.staff !== undefined) store.set(chooseStaffAtom, options.staff)
  if (options.party) store.set(choosePartyAtom, options.party)
  if (options.slot) store.set(chooseSlotAtom, options.slot)
  return store
}

export function renderWithStore(store: ReturnType<typeof createStore>, element: ReactElement) {
  return render(<Provider store={store}>{element}</Provider>)
}

/** A booking of the consultation for the visitor and one guest, as the API returns it. */
export const created = (status: BookingStatus = 'confirmed'): CreatedBooking => ({
  manageToken: 'token',
  booking: {
    id: 7,
    status,
    start: '2030-03-05T08:00:00.000Z',
    end: '2030-03-05T08:30:00.000Z',
    timeZone: 'America/New_York',
    durationMinutes: 30,
    location: 'Hafenstraße 12, Hamburg',
    provider: {
      slug: 'harbor-physio',
      name: 'Harbor Physio',
      email: 'hello@harbor-physio.example',
      phone: '+49 40 123456',
    },
    contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    guestCount: null,
    lines: [
      {
        guestIndex: 0,
        guestName: 'Ana Silva',
        serviceId: 1,
        serviceName: 'Consultation',
        serviceTranslations: {},
        staffId: 10,
        staffName: 'Dr. Lena Vogel',
        staffChosen: false,
        occurrence: 0,
        start: '2030-03-05T08:00:00.000Z',
        end: '2030-03-05T08:30:00.000Z',
        seats: 1,
        priceCents: 6500,
        depositCents: 0,
        currency: 'EUR',
      },
      {
        guestIndex: 1,
        guestName: 'Bo Berg',
        serviceId: 1,
        serviceName: 'Consultation',
        serviceTranslations: {},
        staffId: 11,
        staffName: 'Marco Rossi',
        staffChosen: false,
        occurrence: 0,
        start: '2030-03-05T08:00:00.000Z',
        end: '2030-03-05T08:30:00.000Z',
        seats: 1,
        priceCents: 6500,
        depositCents: 0,
        currency: 'EUR',
      },
    ],
    occurrences: [{ start: '2030-03-05T08:00:00.000Z', end: '2030-03-05T08:30:00.000Z' }],
    totalCents: 13000,
    depositCents: 0,
    currency: 'EUR',
    holdExpiresAt: null,
    // Booked for 2030-03-05 09:00 Berlin; changes close a day (cancel) or 12 hours before.
    policy: {
      rescheduleUntil: '2030-03-04T20:00:00.000Z',
      cancelUntil: '2030-03-04T08:00:00.000Z',
      canReschedule: true,
      canCancel: true,
      refund: { policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' },
    },
    cancellationReason: null,
    rescheduleHistory: [],
    payment: null,
    links: {
      reschedule: 'http://site/widget/bookings/consultation?reschedule=token',
      cancel: 'http://site/widget/cancel-booking?token=token',
      ics: '/api/bookings/manage/token/calendar.ics',
      google: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlook: 'https://outlook.live.com/calendar/0/deeplink/compose',
    },
  },
})
