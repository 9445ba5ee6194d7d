import type { ServiceTranslations } from '../../lib/booking/api-types'
import { amountText, minorUnits, type RefundPolicy } from '../../lib/booking/pricing'
import type { ServiceAssignment, ServiceSettings } from '../../lib/admin/service-types'
import { LOCALES, type Locale } from '../../lib/locale/locales'
import { CONTACT_FIELDS, type ContactField } from '../../lib/validation/booking-details'

/**
 * The service form's values and their way to and from the API's settings. The form holds text
 * as typed; amounts in the currency's major unit (25.50), the API in its minor unit (2550).
 */
export const DEPOSIT_KINDS = ['none', 'amount', 'percent'] as const
export type DepositKind = (typeof DEPOSIT_KINDS)[number]

export interface ServiceValues {
  providerId: string
  slug: string
  name: string
  description: string
  location: string
  durationMinutes: string
  slotIntervalMinutes: string
  bufferBeforeMinutes: string
  bufferAfterMinutes: string
  minimumNoticeMinutes: string
  horizonDays: string
  seatsPerSlot: string
  maxSlotsPerBooking: string
  price: string
  currency: string
  depositKind: DepositKind
  deposit: string
  depositPercent: string
  refundPolicy: RefundPolicy
  refundCutoffMinutes: string
  requiresConfirmation: boolean
  requiredFields: ContactField[]
  rescheduleCutoffMinutes: string
  cancellationCutoffMinutes: string
  recurrenceCount: string
  intakeFormId: string
  reminderMinutesBefore: string
  assignment: ServiceAssignment
  collectiveMembers: string
  translations: Partial<Record<Locale, { name?: string; description?: string }>>
}

/** The whole-number settings: their limits are serviceSchema's (shown beside each field). */
export const WHOLE_NUMBERS = {
  durationMinutes: { min: 5, max: 1440 },
  slotIntervalMinutes: { min: 5, max: 1440, optional: true },
  bufferBeforeMinutes: { min: 0, max: 480 },
  bufferAfterMinutes: { min: 0, max: 480 },
  minimumNoticeMinutes: { min: 0, max: 525_600 },
  horizonDays: { min: 1, max: 730 },
  seatsPerSlot: { min: 1, max: 1000 },
  maxSlotsPerBooking: { min: 1, max: 100 },
  refundCutoffMinutes: { min: 0, max: 525_600 },
  rescheduleCutoffMinutes: { min: 0, max: 525_600 },
  cancellationCutoffMinutes: { min: 0, max: 525_600 },
  reminderMinutesBefore: { min: 0, max: 43_200 },
  recurrenceCount: { min: 2, max: 52, optional: true },
  collectiveMembers: { min: 2, max: 50, optional: true },
  depositPercent: { min: 1, max: 100 },
} satisfies Record<string, { min: number; max: number; optional?: boolean }>

export type WholeNumberField = keyof typeof WHOLE_NUMBERS

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/
const CURRENCY = /^[A-Z]{3}$/

/** serviceSchema's defaults, for a new service. */
export function newServiceValues(providerId: number | undefined): ServiceValues {
  return {
    providerId: providerId === undefined ? '' : String(providerId),
    slug: '',
    name: '',
    description: '',
    location: '',
    durationMinutes: '60',
    slotIntervalMinutes: '',
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '0',
    minimumNoticeMinutes: '0',
    horizonDays: '60',
    seatsPerSlot: '1',
    maxSlotsPerBooking: '1',
    price: '0',
    currency: 'EUR',
    depositKind: 'none',
    deposit: '',
    depositPercent: '',
    refundPolicy: 'full_before_cutoff',
    refundCutoffMinutes: '1440',
    requiresConfirmation: false,
    requiredFields: ['firstName', 'lastName', 'email'],
    rescheduleCutoffMinutes: '0',
    cancellationCutoffMinutes: '0',
    recurrenceCount: '',
    intakeFormId: '',
    reminderMinutesBefore: '1440',
    assignment: 'round_robin',
    collectiveMembers: '',
    translations: {},
  }
}

const text = (value: number | null) => (value === null ? '' : String(value))

export function valuesOf(service: ServiceSettings): ServiceValues {
  const depositKind: DepositKind =
    service.depositPercent !== null ? 'percent' : service.depositCents > 0 ? 'amount' : 'none'
  return {
    providerId: String(service.providerId),
    slug: service.slug,
    name: service.name,
    description: service.description,
    location: service.location,
    durationMinutes: text(service.durationMinutes),
    slotIntervalMinutes: text(service.slotIntervalMinutes),
    bufferBeforeMinutes: text(service.bufferBeforeMinutes),
    bufferAfterMinutes: text(service.bufferAfterMinutes),
    minimumNoticeMinutes: text(service.minimumNoticeMinutes),
    horizonDays: text(service.horizonDays),
    seatsPerSlot: text(service.seatsPerSlot),
    maxSlotsPerBooking: text(service.maxSlotsPerBooking),
    price: amountText(service.priceCents, service.currency),
    currency: service.currency,
    depositKind,
    deposit: depositKind === 'amount' ? amountText(service.depositCents, service.currency) : '',
    depositPercent: text(service.depositPercent),
    refundPolicy: service.refundPolicy,
    refundCutoffMinutes: text(service.refundCutoffMinutes),
    requiresConfirmation: service.requiresConfirmation,
    requiredFields: [...service.requiredFields],
    rescheduleCutoffMinutes: text(service.rescheduleCutoffMinutes),
    cancellationCutoffMinutes: text(service.cancellationCutoffMinutes),
    recurrenceCount: text(service.recurrenceCount),
    intakeFormId: text(service.intakeFormId),
    reminderMinutesBefore: text(service.reminderMinutesBefore),
    assignment: service.assignment,
    collectiveMembers: text(service.collectiveMembers),
    translations: { ...service.translations },
  }
}

// react-final-form gives an emptied field as undefined.
const typedIn = (typed: string | undefined) => (typed ?? '').trim()
const whole = (typed: string | undefined) =>
  /^\d{1,7}$/.test(typedIn(typed)) ? Number(typedIn(typed)) : NaN

function wholeError(field: WholeNumberField, typed: string | undefined): string | undefined {
  const limits: { min: number; max: number; optional?: boolean } = WHOLE_NUMBERS[field]
  if (typedIn(typed) === '') return limits.optional ? undefined : 'admin.validation.required'
  const value = whole(typed)
  return value >= limits.min && value <= limits.max ? undefined : 'admin.services.validation.whole'
}

type Errors = Record<string, unknown>

/** The client's checks, as serviceSchema makes them; messages are `admin.*` keys. */
export function validate(values: ServiceValues): Errors {
  const errors: Errors = {}
  const numbers = (Object.keys(WHOLE_NUMBERS) as WholeNumberField[]).filter(
    (field) => field !== 'depositPercent' || values.depositKind === 'percent',
  )
  for (const field of numbers) {
    const error = wholeError(field, values[field])
    if (error) errors[field] = error
  }
  if (!values.providerId) errors.providerId = 'admin.validation.required'
  if (!values.name?.trim()) errors.name = 'admin.validation.required'
  if (!SLUG.test(values.slug ?? '')) errors.slug = 'admin.services.validation.slug'
  const currency = (values.currency ?? '').trim().toUpperCase()
  if (!CURRENCY.test(currency)) errors.currency = 'admin.services.validation.currency'
  const price = minorUnits(values.price ?? '', currency)
  if (price === undefined) errors.price = 'admin.services.validation.amount'
  if (values.depositKind === 'amount') {
    const deposit = minorUnits(values.deposit ?? '', currency)
    if (deposit === undefined) errors.deposit = 'admin.services.validation.amount'
    else if (price !== undefined && deposit > price)
      errors.deposit = 'admin.services.validation.deposit'
  }
  const translations: Errors = {}
  for (const locale of LOCALES) {
    const translated = values.translations?.[locale]
    if (translated?.description?.trim() && !translated.name?.trim()) {
      translations[locale] = { name: 'admin.services.validation.translationName' }
    }
  }
  if (Object.keys(translations).length > 0) errors.translations = translations
  return errors
}

/** The settings the API takes, from values `validate` accepted. */
export function settingsOf(values: ServiceValues): ServiceSettings {
  const currency = typedIn(values.currency).toUpperCase()
  const number = (field: WholeNumberField) => whole(values[field])
  const orNull = (field: WholeNumberField) => (typedIn(values[field]) === '' ? null : number(field))
  const translations: ServiceTranslations = {}
  for (const locale of LOCALES) {
    const translated = values.translations?.[locale]
    const name = translated?.name?.trim()
    if (name) translations[locale] = { name, description: translated?.description ?? '' }
  }
  const durationMinutes = number('durationMinutes')
  return {
    providerId: Number(values.providerId),
    slug: values.slug,
    name: typedIn(values.name),
    description: values.description ?? '',
    durationMinutes,
    // Empty: as long as the duration, which is what the server stores when none is given.
    slotIntervalMinutes: orNull('slotIntervalMinutes') ?? durationMinutes,
    bufferBeforeMinutes: number('bufferBeforeMinutes'),
    bufferAfterMinutes: number('bufferAfterMinutes'),
    minimumNoticeMinutes: number('minimumNoticeMinutes'),
    horizonDays: number('horizonDays'),
    seatsPerSlot: number('seatsPerSlot'),
    maxSlotsPerBooking: number('maxSlotsPerBooking'),
    priceCents: minorUnits(values.price ?? '', currency) ?? 0,
    // A percentage leaves the fixed amount at 0, as serviceSchema says.
    depositCents:
      values.depositKind === 'amount' ? (minorUnits(values.deposit ?? '', currency) ?? 0) : 0,
    depositPercent: values.depositKind === 'percent' ? number('depositPercent') : null,
    refundPolicy: values.refundPolicy,
    refundCutoffMinutes: number('refundCutoffMinutes'),
    currency,
    requiresConfirmation: values.requiresConfirmation,
    // In the one order the checkboxes show, whatever order they were ticked in.
    requiredFields: CONTACT_FIELDS.filter((field) => values.requiredFields?.includes(field)),
    location: values.location ?? '',
    rescheduleCutoffMinutes: number('rescheduleCutoffMinutes'),
    cancellationCutoffMinutes: number('cancellationCutoffMinutes'),
    recurrenceCount: orNull('recurrenceCount'),
    intakeFormId: values.intakeFormId ? Number(values.intakeFormId) : null,
    reminderMinutesBefore: number('reminderMinutesBefore'),
    translations,
    assignment: values.assignment,
    collectiveMembers: orNull('collectiveMembers'),
  }
}

/** A value with its objects' keys in one order, so equal settings compare equal as JSON. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, each]) => [key, canonical(each)]),
        )
      : value

/** What the PATCH sends: only the settings that differ from the service as loaded. */
export function changesOf(
  before: ServiceSettings,
  after: ServiceSettings,
): Partial<ServiceSettings> {
  const changed = (Object.keys(after) as (keyof ServiceSettings)[]).filter(
    (key) => JSON.stringify(canonical(before[key])) !== JSON.stringify(canonical(after[key])),
  )
  return Object.fromEntries(changed.map((key) => [key, after[key]])) as Partial<ServiceSettings>
}
