import type { CheckoutResponse } from '../../../src/lib/booking/api-types'
import { localizedPath, type Locale } from '../../../src/lib/locale/locales'
import type { BookingContext, PaymentSettings } from '../../booking/commands/context'
import { refuse } from '../../booking/refusals'
import { extendHold } from '../../booking/store/bookings'
import { hashManageToken } from '../../booking/store/manage-token'
import { loadBooking } from '../../booking/views/booking-view'
import { ProviderFailed } from '../provider'
import { findPayment, paymentView, recordCheckout } from '../store'

/** Where the provider sends the visitor back: the widget's verification page, in their language. */
export interface ReturnTo {
  locale: Locale
  /** Booked from a preview of page `previewId`: back to its verification route. */
  previewId?: string
}

export const holdMinutesFor = (settings: PaymentSettings) =>
  Math.max(settings.holdMinutes, settings.provider.minimumSessionMinutes)

function returnUrls(siteUrl: string, token: string, to: ReturnTo) {
  const path = to.previewId
    ? `/widget/v2/preview/${encodeURIComponent(to.previewId)}/verify-payment-callback`
    : '/widget/verify-payment-callback'
  const base = `${siteUrl}${localizedPath(to.locale, path)}?token=${encodeURIComponent(token)}`
  return {
    // Stripe (and the local provider) put the session's id in place of the placeholder.
    returnUrl: `${base}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}&cancelled=1`,
  }
}

/**
 * The provider's checkout for a held booking: the one already made, or a new one. A provider
 * failure changes nothing here (the booking stays held, the visitor may try again), and the
 * idempotency key makes a retry after a lost answer find the session the first call made. The
 * hold is extended to the session's end when the provider's sessions last longer.
 */
export async function startCheckout(
  ctx: BookingContext & { payments: PaymentSettings },
  token: string,
  to: ReturnTo,
): Promise<CheckoutResponse> {
  const loaded = await loadBooking(ctx.db, { tokenHash: hashManageToken(token) }, ctx.now())
  const booking = loaded?.view ?? refuse({ kind: 'booking_not_found' })
  const payment =
    (await findPayment(ctx.db, { bookingId: booking.id })) ?? refuse({ kind: 'no_payment' })
  const now = ctx.now()
  const holdEnds = booking.holdExpiresAt ? Date.parse(booking.holdExpiresAt) : 0
  if (booking.status !== 'held' || holdEnds <= now) {
    refuse({ kind: 'payment_not_due', status: holdEnds <= now ? 'expired' : booking.status })
  }
  if (payment.status !== 'pending' && payment.status !== 'failed') {
    refuse({ kind: 'payment_not_due', status: payment.status })
  }
  const respond = (url: string, holdExpiresAt: string | null): CheckoutResponse => ({
    url,
    payment: paymentView(payment),
    holdExpiresAt,
  })
  if (payment.providerSessionId && payment.checkoutUrl) {
    return respond(payment.checkoutUrl, booking.holdExpiresAt)
  }

  const { provider } = ctx.payments
  const services = [...new Set(booking.lines.map((line) => line.serviceName))].join(', ')
  const expiresAt = Math.max(holdEnds, now + provider.minimumSessionMinutes * 60_000)
  let checkout
  try {
    checkout = await provider.createCheckout({
      bookingId: booking.id,
      amount: payment.dueNowAmount,
      currency: payment.currency,
      description: `${services} · ${booking.provider.name}`,
      ...returnUrls(ctx.siteUrl, token, to),
      expiresAt,
      idempotencyKey: `checkout-${payment.id}-${+payment.termsAcceptedAt}`,
    })
  } catch (error) {
    if (error instanceof ProviderFailed) refuse({ kind: 'provider_failed' })
    throw error
  }
  const holdExpiresAt = Math.max(holdEnds, checkout.expiresAt)
  // The booking's row before the payment's, in the order the booking commands lock them.
  await ctx.db.transaction(async (tx) => {
    await extendHold(tx, booking.id, holdExpiresAt)
    await recordCheckout(tx, payment.id, checkout)
  })
  return respond(checkout.url, new Date(holdExpiresAt).toISOString())
}
