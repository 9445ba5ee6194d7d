import { REFUND_POLICIES, SERVICE_ASSIGNMENTS } from '../../../src/lib/admin/service-types'
import { LOCALES } from '../../../src/lib/locale/locales'
import { CONTACT_FIELDS } from '../../../src/lib/validation/booking-details'
import { idSchema, Joi } from '../../../src/lib/validation/joi'

/**
 * What the dashboard's setup routes answer (admin-routes.ts, catalog-page-routes.ts and
 * server/admin/availability-routes.ts), field by field as src/lib/admin/api-types.ts,
 * service-types.ts and catalogue-types.ts name them: Fastify serialises each answer with these,
 * so a field left out here would leave the answer too.
 */

const id = idSchema.required()
const version = Joi.number()
  .integer()
  .min(1)
  .required()
  .description('How many saves it has had: a PATCH started from an older one is refused (409)')
const instant = Joi.string().isoDate()
const localeKey = Joi.string().valid(...LOCALES)

/** `{ id }`: what was created or changed. */
export const savedSchema = Joi.object({ id }).label('Saved')

/** `{ id, version }`: what was changed, and the version it has now. */
export const savedVersionSchema = Joi.object({ id, version }).label('SavedVersion')

const timeRange = Joi.object({
  start: Joi.string()
    .pattern(/^\d{2}:\d{2}$/)
    .required(),
  end: Joi.string()
    .pattern(/^\d{2}:\d{2}$/)
    .required()
    .description('HH:mm; 24:00 for the end of the day'),
})
  .label('TimeRange')
  .description("Working times in the staff member's zone")

/** Ranges by weekday, 0 being Sunday. */
const weeklyHours = Joi.object()
  .pattern(/^[0-6]$/, Joi.array().items(timeRange))
  .label('WeeklyHours')

/** A name and description in other languages than the one written first. */
const translations = Joi.object()
  .pattern(
    localeKey,
    Joi.object({
      name: Joi.string().required(),
      description: Joi.string().allow('').required(),
    }),
  )
  .label('Translations')

export const adminProviderSchema = Joi.object({
  id,
  slug: Joi.string().required(),
  name: Joi.string().required(),
  timeZone: Joi.string().required(),
  embedOrigins: Joi.array()
    .items(Joi.string())
    .required()
    .description(
      "Sites that may frame the provider's widget pages besides EMBED_ORIGINS; ['*']: any",
    ),
  version,
}).label('AdminProvider')

/** A service with every setting, as `POST /api/admin/services` takes them, and its id and version. */
export const adminServiceSchema = Joi.object({
  id,
  version,
  providerId: id,
  slug: Joi.string().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  durationMinutes: Joi.number().integer().required(),
  slotIntervalMinutes: Joi.number().integer().required(),
  bufferBeforeMinutes: Joi.number().integer().required(),
  bufferAfterMinutes: Joi.number().integer().required(),
  minimumNoticeMinutes: Joi.number().integer().required(),
  horizonDays: Joi.number().integer().required(),
  seatsPerSlot: Joi.number().integer().required(),
  maxSlotsPerBooking: Joi.number().integer().required(),
  priceCents: Joi.number().integer().required().description("In the currency's minor unit"),
  depositCents: Joi.number()
    .integer()
    .required()
    .description('The fixed deposit per seat: 0 when depositPercent sets it instead'),
  depositPercent: Joi.number().integer().allow(null).required(),
  refundPolicy: Joi.string()
    .valid(...REFUND_POLICIES)
    .required(),
  refundCutoffMinutes: Joi.number().integer().required(),
  currency: Joi.string().required(),
  requiresConfirmation: Joi.boolean().required(),
  requiredFields: Joi.array()
    .items(Joi.string().valid(...CONTACT_FIELDS))
    .required(),
  location: Joi.string().allow('').required(),
  rescheduleCutoffMinutes: Joi.number().integer().required(),
  cancellationCutoffMinutes: Joi.number().integer().required(),
  recurrenceCount: Joi.number().integer().allow(null).required(),
  intakeFormId: idSchema.allow(null).required(),
  reminderMinutesBefore: Joi.number().integer().required().description('0: no reminder'),
  translations: translations.required(),
  assignment: Joi.string()
    .valid(...SERVICE_ASSIGNMENTS)
    .required(),
  collectiveMembers: Joi.number()
    .integer()
    .allow(null)
    .required()
    .description('With collective assignment: how many serve together; null for all'),
}).label('AdminService')

/** A member as the Staff and Availability screens list them. */
export const adminStaffSchema = Joi.object({
  id,
  name: Joi.string().required(),
  timeZone: Joi.string().required(),
  weeklyHours: weeklyHours.required(),
  serviceIds: Joi.array().items(idSchema).required(),
  outsideOpeningHours: Joi.boolean()
    .required()
    .description('Their hours are offered even where the location is closed'),
  version,
}).label('AdminStaff')

/** A save of a member: the hours of theirs that will not be offered, if any. */
export const savedStaffSchema = Joi.object({
  id,
  outsideOpeningHours: weeklyHours
    .required()
    .description("Their weekly hours that lie outside the location's opening hours"),
  version,
}).label('SavedStaff')

export const dateOverrideSchema = Joi.object({
  date: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .required(),
  ranges: Joi.array().items(timeRange).required().description('Empty: a day off'),
}).label('DateOverride')

export const blockedPeriodSchema = Joi.object({
  id,
  staffId: idSchema.allow(null).required().description('null: the whole business'),
  start: instant.required(),
  end: instant.required(),
  reason: Joi.string().allow('').required(),
}).label('BlockedPeriod')

export const catalogueServiceSchema = Joi.object({
  id,
  name: Joi.string().required(),
  providerId: id,
  providerName: Joi.string().required(),
}).label('CatalogueService')

export const oneTimeLinkPageSchema = Joi.object({
  links: Joi.array()
    .items(
      Joi.object({
        id,
        serviceId: id,
        serviceName: Joi.string().required(),
        createdAt: instant.required(),
        expiresAt: instant.allow(null).required(),
        usedAt: instant.allow(null).required(),
        bookingId: idSchema.allow(null).required().description('The booking it made, once used'),
        state: Joi.string().valid('unused', 'used', 'expired').required(),
      }).label('AdminOneTimeLink'),
    )
    .required()
    .description('Newest first'),
  next: idSchema
    .allow(null)
    .required()
    .description('The `before` of the next (older) page; null at the end'),
}).label('OneTimeLinkPage')

export const createdOneTimeLinkSchema = Joi.object({
  slug: Joi.string().required().description('The secret slug, given only this once'),
  widgetPath: Joi.string().required(),
}).label('CreatedOneTimeLink')

const catalogPageFields = {
  id,
  providerId: id,
  slug: Joi.string().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  translations: translations.required(),
  published: Joi.boolean().required(),
  createdAt: instant.required(),
  widgetPath: Joi.string().required().description('The public widget page, without a locale'),
}

export const adminServiceMenuSchema = Joi.object({
  ...catalogPageFields,
  headings: Joi.array()
    .items(
      Joi.object({
        name: Joi.string().required(),
        translations: Joi.object()
          .pattern(localeKey, Joi.object({ name: Joi.string().required() }))
          .required(),
        serviceIds: Joi.array().items(idSchema).required(),
      }).label('MenuHeading'),
    )
    .required(),
}).label('AdminServiceMenu')

export const adminGroupSchema = Joi.object({
  ...catalogPageFields,
  serviceIds: Joi.array().items(idSchema).required(),
}).label('AdminGroup')

/** What a publish or an unpublish answers. */
export const publishedSchema = Joi.object({
  id,
  published: Joi.boolean().required(),
}).label('PublishedState')
