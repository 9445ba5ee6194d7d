import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { BookingView } from '../../../src/lib/booking/api-types'
import type { Locale } from '../../../src/lib/locale/locales'
import {
  visitorLocaleQuerySchema,
  type VisitorLocaleQuery,
} from '../../../src/lib/validation/booking-queries'
import { requireAdmin, type AdminAuth } from '../../admin/auth'
import type { BookingContext, PaymentSettings } from '../../booking/commands/context'
import { useJoiValidation } from '../../booking/http/joi-validator'
import { refusalResponse } from '../../booking/http/refusal-response'
import {
  checkoutResponseSchema,
  visitorBookingResponseSchema,
} from '../../booking/http/response-schemas'
import { isRefusal, refuse } from '../../booking/refusals'
import { hashManageToken, isManageTokenShaped } from '../../booking/store/manage-token'
import { visitorView } from '../../booking/views/booking-view'
import { idempotencyKeyOf } from '../../booking/http/idempotency-key'
import { HttpError } from '../../errors'
import { limitPerClient, type RateLimits } from '../../rate-limit'
import { preventStoring } from '../../security-headers'
import { applyPaymentEvent } from '../commands/apply-event'
import { refundAsAsked } from '../commands/refund'
import { startCheckout } from '../commands/start-checkout'
import { WebhookRejected } from '../provider'
import { findPayment, paymentView, type PaymentRow } from '../store'
import {
  checkoutRequestSchema,
  paymentIdParams,
  paymentsQuerySchema,
  refundRequestSchema,
  tokenParams,
} from './schemas'
import { adminPaymentsSchema, adminRefundedSchema, webhookReceivedSchema } from './response-schemas'

type PaymentsContext = BookingContext & { payments: PaymentSettings }

function domainErrors(app: FastifyInstance) {
  useJoiValidation(app)
  app.setErrorHandler((error) => {
    throw isRefusal(error) ? refusalResponse(error.refusal) : error
  })
}

/**
 * The provider's webhooks: `POST /api/payments/webhooks/{provider}`. The signature covers the
 * raw bytes, so this scope keeps JSON bodies unparsed; an event that does not verify, or whose
 * amount is no amount, is refused with 400 and changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ ctx: PaymentsContext }> = async (
  app,
  { ctx },
) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  app.post<{ Params: { provider: string } }>(
    '/webhooks/:provider',
    { schema: { response: { 200: webhookReceivedSchema } } },
    async (request) => {
      const { provider } = ctx.payments
      if (request.params.provider !== provider.name) {
        throw new HttpError(404, 'Not Found', `This server takes payments with ${provider.name}.`)
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      try {
        const event = await provider.parseWebhook(body, request.headers, ctx.now())
        // Applying refuses a verified event it cannot apply (an amount that is no amount) too.
        return { received: true, result: await applyPaymentEvent(ctx, event) }
      } catch (error) {
        if (!(error instanceof WebhookRejected) && !(error instanceof SyntaxError)) throw error
        request.log.warn({ reason: error.message }, 'payment webhook refused')
        throw new HttpError(400, 'Bad Request', error.message, undefined, 'webhook_rejected')
      }
    },
  )
}

/**
 * The visitor's payment, with the manage token: `GET …/{token}/payment` (the booking, its
 * payment brought up to date with the provider) and `POST …/{token}/payment/checkout`.
 */
export const paymentManageRoutes: FastifyPluginAsync<{
  ctx: PaymentsContext
  rateLimits: RateLimits
}> = async (app, { ctx, rateLimits }) => {
  domainErrors(app)
  preventStoring(app)
  // Polled every few seconds while the visitor waits for a verdict, so a wider limit.
  const perMinute = rateLimits.perMinute * 4
  await limitPerClient(app, { ...rateLimits, perMinute }, 'payment')
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
  const tokenOr404 = (token: string) =>
    isManageTokenShaped(token) ? token : refuse({ kind: 'booking_not_found' })

  const view = async (token: string, query: VisitorLocaleQuery): Promise<BookingView> =>
    (await visitorView(
      ctx.db,
      { tokenHash: hashManageToken(token) },
      token,
      ctx.siteUrl,
      ctx.now(),
      query.locale,
    )) ?? refuse({ kind: 'booking_not_found' })

  /** Asks the provider while the webhook may still be on its way: a retrieve confirms too. */
  async function syncWithProvider(booking: BookingView, log: FastifyInstance['log']) {
    const payment = booking.payment
    if (!payment || (payment.status !== 'pending' && payment.status !== 'failed')) return false
    const row = (await findPayment(ctx.db, { bookingId: booking.id })) as PaymentRow
    if (!row.providerSessionId) return false
    try {
      const state = await ctx.payments.provider.retrieveCheckout(row.providerSessionId)
      // A session of another booking never pays this one, whatever the rows say.
      if (state.status !== 'paid' || !state.paymentId || state.bookingId !== booking.id) {
        return false
      }
      await applyPaymentEvent(ctx, {
        id: `retrieved-${state.sessionId}`,
        kind: 'paid',
        bookingId: booking.id,
        sessionId: state.sessionId,
        paymentId: state.paymentId,
        amount: state.amountPaid,
        currency: state.currency,
      })
      return true
    } catch (error) {
      // The webhook will still come; the visitor sees "verifying" meanwhile.
      log.warn({ err: error }, 'could not retrieve the checkout session')
      return false
    }
  }

  // In the language the page shows (`?locale=`), else the booking's own, as every manage answer.
  app.get<{ Params: { token: string }; Querystring: VisitorLocaleQuery }>(
    '/:token/payment',
    {
      schema: {
        params: tokenParams,
        querystring: visitorLocaleQuerySchema,
        response: { 200: visitorBookingResponseSchema },
      },
      config: limited,
    },
    async (request) => {
      const token = tokenOr404(request.params.token)
      const booking = await view(token, request.query)
      if (!booking.payment) refuse({ kind: 'no_payment' })
      const changed = await syncWithProvider(booking, request.log)
      return { booking: changed ? await view(token, request.query) : booking }
    },
  )

  app.post<{ Params: { token: string }; Body: { locale: Locale; previewId?: string } }>(
    '/:token/payment/checkout',
    {
      schema: {
        params: tokenParams,
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
      config: limited,
    },
    async (request) =>
      startCheckout(ctx, tokenOr404(request.params.token), {
        locale: request.body.locale,
        ...(request.body.previewId ? { previewId: request.body.previewId } : {}),
      }),
  )
}

/** The business's view of payments, for owners and admins (or ADMIN_TOKEN): list, and refund. */
export const paymentAdminRoutes: FastifyPluginAsync<{
  ctx: PaymentsContext
  auth: AdminAuth
}> = async (app, { ctx, auth }) => {
  domainErrors(app)
  requireAdmin(app, auth)
  preventStoring(app)

  const adminView = async (row: PaymentRow) => {
    const { rows: history } = await ctx.db.query<{
      status: string
      amount: number | null
      note: string | null
      at: Date
    }>('SELECT status, amount, note, at FROM payment_history WHERE payment_id = $1 ORDER BY id', [
      row.id,
    ])
    return {
      ...paymentView(row),
      bookingId: row.bookingId,
      providerSessionId: row.providerSessionId,
      providerPaymentId: row.providerPaymentId,
      history: history.map((entry) => ({ ...entry, at: new Date(entry.at).toISOString() })),
    }
  }

  app.get<{ Querystring: { status?: string; bookingId?: number } }>(
    '/payments',
    { schema: { querystring: paymentsQuerySchema, response: { 200: adminPaymentsSchema } } },
    async (request) => {
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT id FROM payments
          WHERE ($1::text IS NULL OR status = $1) AND ($2::int IS NULL OR booking_id = $2)
          ORDER BY created_at DESC, id DESC LIMIT 500`,
        [request.query.status ?? null, request.query.bookingId ?? null],
      )
      const payments = []
      for (const { id } of rows) {
        payments.push(await adminView((await findPayment(ctx.db, { id })) as PaymentRow))
      }
      return { payments }
    },
  )

  app.post<{
    Params: { id: number }
    Body: { amount?: number; reason: string }
    Headers: { 'idempotency-key'?: string }
  }>(
    '/payments/:id/refund',
    {
      schema: {
        params: paymentIdParams,
        body: refundRequestSchema,
        response: { 200: adminRefundedSchema },
      },
    },
    async (request) => {
      await refundAsAsked(ctx, {
        paymentId: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason,
        clientKey: idempotencyKeyOf(request),
      })
      // A repeat gets the answer the first one got: the payment as it is now.
      return {
        payment: await adminView(
          (await findPayment(ctx.db, { id: request.params.id })) as PaymentRow,
        ),
      }
    },
  )
}
