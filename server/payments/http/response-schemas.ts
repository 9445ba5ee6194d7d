import { Joi } from '../../../src/lib/validation/joi'
import { paymentViewKeys } from '../../booking/http/response-schemas'
import type { Applied } from '../commands/apply-event'

const APPLIED = [
  'applied',
  'duplicate',
  'unknown_booking',
  'ignored',
] as const satisfies readonly Applied[]

export const webhookReceivedSchema = Joi.object({
  received: Joi.boolean().valid(true).required(),
  result: Joi.string()
    .valid(...APPLIED)
    .required()
    .description(
      'What the event did: applied; duplicate (delivered before); unknown_booking; ignored (a ' +
        'kind of event this server does not act on)',
    ),
}).label('WebhookReceived')

/** A payment as the business sees it: the visitor's view, the provider's ids and its history. */
const adminPaymentSchema = Joi.object({
  ...paymentViewKeys,
  bookingId: Joi.number().integer().required(),
  providerSessionId: Joi.string().allow(null).required(),
  providerPaymentId: Joi.string().allow(null).required(),
  history: Joi.array()
    .items(
      Joi.object({
        status: Joi.string().required(),
        amount: Joi.number()
          .integer()
          .allow(null)
          .required()
          .description("In the currency's minor unit"),
        note: Joi.string().allow(null).required(),
        at: Joi.string().isoDate().required(),
      }),
    )
    .required()
    .description('Every change of status, oldest first'),
}).label('AdminPayment')

export const adminPaymentsSchema = Joi.object({
  payments: Joi.array().items(adminPaymentSchema).required().description('The newest 500'),
}).label('AdminPayments')

export const adminRefundedSchema = Joi.object({
  payment: adminPaymentSchema.required(),
}).label('AdminRefund')
