import type { ServiceSettings } from '../../lib/admin/service-types'
import { minorUnits } from '../../lib/booking/pricing'
import { changesOf, settingsOf, validate, valuesOf } from './service-form'

const settings: ServiceSettings = {
  providerId: 7,
  slug: 'consult',
  name: 'Consultation',
  description: 'A first talk',
  durationMinutes: 30,
  slotIntervalMinutes: 15,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 120,
  horizonDays: 90,
  seatsPerSlot: 2,
  maxSlotsPerBooking: 3,
  priceCents: 1999,
  depositCents: 0,
  depositPercent: 33,
  refundPolicy: 'keep_deposit',
  refundCutoffMinutes: 2880,
  currency: 'EUR',
  requiresConfirmation: true,
  requiredFields: ['firstName', 'email', 'phone'],
  location: 'Room 1',
  rescheduleCutoffMinutes: 60,
  cancellationCutoffMinutes: 120,
  recurrenceCount: 6,
  intakeFormId: 4,
  reminderMinutesBefore: 0,
  translations: {
    de: { name: 'Beratung', description: '' },
    fr: { name: 'Conseil', description: 'x' },
  },
  assignment: 'collective',
  collectiveMembers: 3,
}

describe('the service form', () => {
  it('gives back the settings it was filled with, unchanged', () => {
    const values = valuesOf(settings)
    expect(validate(values)).toEqual({})
    expect(settingsOf(values)).toEqual(settings)
    expect(changesOf(settings, settingsOf(values))).toEqual({})
    const fixed = { ...settings, depositCents: 500, depositPercent: null }
    expect(settingsOf(valuesOf(fixed))).toEqual(fixed)
  })

  it('reads amounts in the major unit as the currency has them, without float rounding', () => {
    expect(minorUnits('19.99', 'EUR')).toBe(1999)
    expect(minorUnits('72,5', 'EUR')).toBe(7250)
    expect(minorUnits('8000', 'JPY')).toBe(8000)
    expect(minorUnits('80.5', 'JPY')).toBeUndefined()
    expect(minorUnits('1.234', 'KWD')).toBe(1234)
    expect(minorUnits('1.999', 'EUR')).toBeUndefined()
    expect(minorUnits('-1', 'EUR')).toBeUndefined()
    expect(minorUnits('', 'EUR')).toBeUndefined()
  })

  it('finds the changed settings whatever order their keys come in', () => {
    const reordered = {
      ...settings,
      translations: {
        fr: { description: 'x', name: 'Conseil' },
        de: { name: 'Beratung', description: '' },
      },
    }
    expect(changesOf(settings, reordered)).toEqual({})
    expect(changesOf(settings, { ...settings, horizonDays: 30, recurrenceCount: null })).toEqual({
      horizonDays: 30,
      recurrenceCount: null,
    })
  })
})
