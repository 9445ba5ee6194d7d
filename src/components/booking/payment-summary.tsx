import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { PaymentView } from '../../lib/booking/api-types'
import { formatPrice } from '../../lib/format'

/**
 * What a booking costs and what has been paid, in the amounts the server stored (the ones the
 * provider charged): total, due now, what remains at the appointment, paid and refunded.
 */
export function PaymentSummary({
  payment,
  languageTag,
}: {
  payment: PaymentView
  languageTag: string
}) {
  const { t } = useTranslation()
  const money = (amount: number) => formatPrice(amount, payment.currency, languageTag)
  const paid = payment.paidAmount > 0
  return (
    <dl className="widget-details widget-payment">
      <dt>{t('widget.total')}</dt>
      <dd>{money(payment.totalAmount)}</dd>
      {paid ? (
        <>
          <dt>{t('widget.paid')}</dt>
          <dd data-testid="paid-amount">{money(payment.paidAmount)}</dd>
        </>
      ) : (
        <>
          <dt>{t('widget.payNow')}</dt>
          <dd>{money(payment.dueNowAmount)}</dd>
        </>
      )}
      <dt>{t('widget.payLater')}</dt>
      <dd>{money(payment.totalAmount - (paid ? payment.paidAmount : payment.dueNowAmount))}</dd>
      {payment.refundedAmount > 0 ? (
        <>
          <dt>{t('widget.refunded')}</dt>
          <dd>{money(payment.refundedAmount)}</dd>
        </>
      ) : null}
    </dl>
  )
}
