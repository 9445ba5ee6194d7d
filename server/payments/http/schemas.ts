import { LOCALES, type Locale } from '../../../src/lib/locale/locales'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import { PAYMENT_STATUSES } from '../../booking/http/response-schemas'

export const tokenParams = Joi.object({ token: Joi.string().max(128).required() })

/** Where the checkout sends the visitor back: the widget in their language, maybe a preview's. */
export const checkoutRequestSchema = Joi.object<{ locale: Locale; previewId?: string }>({
  locale: Joi.string()
    .valid(...LOCALES)
    .required(),
  previewId: Joi.string().pattern(/^[A-Za-z0-9_-]{1,128}$/),
})

export const refundRequestSchema = Joi.object<{ amount?: number; reason: string }>({
  /** In the currency's minor unit; everything left to refund when absent. */
  amount: Joi.number().integer().min(1).max(2_147_483_647),
  reason: Joi.string().trim().min(1).max(500).required(),
})

export const paymentsQuerySchema = Joi.object({
  status: Joi.string().valid(...PAYMENT_STATUSES),
  bookingId: idSchema,
})

export const paymentIdParams = Joi.object({ id: idSchema.required() })
