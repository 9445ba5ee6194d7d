import type {
  AdminBooking,
  BookingHistoryEntry,
  BookingPage,
  IntakeView,
} from '../../src/lib/admin/api-types'
import { Joi } from '../../src/lib/validation/joi'
import { bookingViewKeys } from '../booking/http/response-schemas'
import { answerValueSchema } from '../forms/response-schemas'

/**
 * The dashboard's bookings (src/lib/admin/api-types.ts): the visitor's view, without the links
 * their manage token makes, and what only the business sees.
 */

const intakeSchema = Joi.object<IntakeView, true>({
  formId: Joi.number().integer().required(),
  version: Joi.number().integer().required(),
  title: Joi.string().required(),
  answers: Joi.array()
    .items(
      Joi.object({
        fieldId: Joi.string().required(),
        label: Joi.string().required(),
        answer: answerValueSchema.required().description('Options by their label'),
      }),
    )
    .required(),
})
  .label('IntakeAnswers')
  .description("A service's intake form as the visitor answered it")

const historyEntrySchema = Joi.object<BookingHistoryEntry, true>({
  type: Joi.string().required().description('The event, e.g. booking.created, booking.confirmed'),
  at: Joi.string().isoDate().required(),
  actor: Joi.string()
    .required()
    .description(
      'An account\'s e-mail, "token" for ADMIN_TOKEN, "key hp_live_AbCd (name)" for an API key, ' +
        '"visitor" or "system"',
    ),
}).label('BookingHistoryEntry')

const adminBookingSchema = Joi.object<AdminBooking, true>({
  ...bookingViewKeys,
  intake: Joi.array().items(intakeSchema).required(),
  noShow: Joi.boolean().required(),
  history: Joi.array().items(historyEntrySchema).required().description('Oldest first'),
}).label('AdminBooking')

export const bookingPageSchema = Joi.object<BookingPage, true>({
  bookings: Joi.array().items(adminBookingSchema).required(),
  nextCursor: Joi.string()
    .allow(null)
    .required()
    .description('Pass as `cursor` for the next page; null on the last one'),
}).label('AdminBookingPage')

export const adminBookingResponseSchema = Joi.object({
  booking: adminBookingSchema.required(),
}).label('AdminBookingResponse')
