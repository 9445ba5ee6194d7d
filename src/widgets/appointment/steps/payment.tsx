import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { PayNow } from '../../../components/booking/pay-now'
import { PaymentSummary } from '../../../components/booking/payment-summary'
import { StepHeading } from '../../../components/booking/step-heading'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { useHoldEnded } from '../../../components/booking/use-hold-ended'
import { usePaymentState } from '../../../components/booking/use-payment-state'
import { formatPrice } from '../../../lib/format'
import { formatTime } from '../../../lib/format/booking'
import { ChangeRules } from '../change-rules'
import { chosenServicesAtom, paymentUpdatedAtom, resultReadAtom, timeZoneAtom } from '../state'

/**
 * "Secure payment": the booking is held for its seats until the hold ends; "Pay now" opens the
 * provider. Inside a frame the provider opens in its own window and this step watches the
 * payment's status until the server has confirmed it (or the hold ran out).
 */
export function PaymentStep() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const timeZone = useAtomValue(timeZoneAtom)
  const result = useAtomValue(resultReadAtom)
  const services = useAtomValue(chosenServicesAtom)
  const updated = useSetAtom(paymentUpdatedAtom)
  const [watching, setWatching] = useState(false)
  // Asked again once the hold has run out, so the widget learns of it (and tells its host).
  const holdEnded = useHoldEnded(result?.booking.holdExpiresAt ?? null)
  const { booking: latest } = usePaymentState(result?.manageToken ?? null, watching || holdEnded)
  useEffect(() => {
    if (!latest || !result) return
    const changed =
      latest.status !== result.booking.status ||
      latest.payment?.status !== result.booking.payment?.status
    if (changed) updated(latest)
  }, [latest, result, updated])
  if (!result?.booking.payment) return null
  const { booking, manageToken } = result
  const payment = booking.payment as NonNullable<typeof booking.payment>
  const declined = payment.status === 'failed'

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.securePayment')}</StepHeading>
      <p>
        {t('widget.holdLead', {
          time: booking.holdExpiresAt
            ? formatTime(booking.holdExpiresAt, timeZone, languageTag)
            : '',
          amount: formatPrice(payment.dueNowAmount, payment.currency, languageTag),
        })}
      </p>
      <PaymentSummary payment={payment} languageTag={languageTag} />
      <ChangeRules
        services={services}
        start={booking.start}
        timeZone={timeZone}
        languageTag={languageTag}
        providerName={booking.provider.name}
        dueNowCents={payment.dueNowAmount}
        currency={payment.currency}
      />
      {declined ? (
        <p className="widget-alert" role="alert">
          {t('widget.paymentDeclined')}
        </p>
      ) : null}
      {watching && !declined ? <p role="status">{t('widget.paymentWindowOpened')}</p> : null}
      <PayNow
        token={manageToken}
        onWindowOpened={() => setWatching(true)}
        onRefused={() => setWatching(true)}
      />
    </section>
  )
}
