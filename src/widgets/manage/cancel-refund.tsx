import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { BookingView } from '../../lib/booking/api-types'
import { refundOnCancel } from '../../lib/booking/change-rules'
import { formatPrice } from '../../lib/format'
import { formatDateTime } from '../../lib/format/booking'

/**
 * What cancelling does to what the visitor paid, said before they confirm it: the amount the
 * server's refundOnCancel will give back (server/payments/on-booking-end.ts), or why it keeps it.
 * Nothing when nothing was paid.
 */
export function CancelRefund({
  booking,
  timeZone,
  languageTag,
}: {
  booking: BookingView
  timeZone: string
  languageTag: string
}) {
  const { t } = useTranslation()
  // Measured from when the screen opened, as its cancel deadline is.
  const [now] = useState(() => Date.now())
  const { payment, policy, currency } = booking
  const paid = payment ? payment.paidAmount - payment.refundedAmount : 0
  if (paid <= 0) return null
  const { refund } = policy
  const refunded = refundOnCancel({
    policy: refund.policy,
    refundable: paid,
    depositAmount: booking.depositCents,
    refundUntil: Date.parse(refund.until),
    now,
    by: 'visitor',
  })
  const price = (amount: number) => formatPrice(amount, currency, languageTag)
  const amount = price(paid)
  const until = formatDateTime(refund.until, timeZone, languageTag)
  const text =
    refunded === paid
      ? t('widget.cancelRefund.full', { amount, until })
      : refunded > 0
        ? t('widget.cancelRefund.partial', {
            amount,
            refund: price(refunded),
            deposit: price(paid - refunded),
          })
        : refund.policy === 'none'
          ? t('widget.cancelRefund.none', { amount })
          : refund.policy === 'keep_deposit'
            ? t('widget.cancelRefund.keepDeposit', { amount })
            : t('widget.cancelRefund.late', { amount, until })
  return <p className="widget-policy">{text}</p>
}
