import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { BookingConfirmation } from '../../components/booking/booking-confirmation'
import { BookingDetails } from '../../components/booking/booking-details'
import { PayNow } from '../../components/booking/pay-now'
import { StepHeading } from '../../components/booking/step-heading'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { isAwaitingPayment, usePaymentState } from '../../components/booking/use-payment-state'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { ErrorScreen } from '../../components/error-views/error-screen'
import type { BookingView } from '../../lib/booking/api-types'
import { isHttpError } from '../../lib/http'

/** What the page says about a booking's payment. */
type Verdict = 'verifying' | 'pay' | 'cancelled' | 'declined' | 'expired' | 'done'

function verdictOf(booking: BookingView, query: URLSearchParams): Verdict {
  if (booking.status === 'expired' || booking.payment?.status === 'expired') return 'expired'
  if (!isAwaitingPayment(booking)) return 'done'
  if (booking.payment?.status === 'failed') return 'declined'
  if (query.has('cancelled')) return 'cancelled'
  // Back from the provider: the server has the last word, so the page waits for it.
  return query.has('session_id') ? 'verifying' : 'pay'
}

/**
 * The payment verification routes: "verifying" while the server confirms (from the provider's
 * webhook or its own retrieve), then the confirmation with the paid amount; a declined,
 * cancelled or expired payment says so, with "Pay now" again while the hold lasts.
 */
export function VerifyPayment({ search, previewId }: { search: string; previewId?: string }) {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const query = new URLSearchParams(search)
  const token = query.get('token')
  const [retried, setRetried] = useState(false)
  const { booking, failed } = usePaymentState(token, true)
  if (!token) {
    return (
      <ErrorScreen
        error={{
          statusCode: 404,
          statusMessage: 'No calendar event found',
          message: 'This payment link is missing its booking.',
        }}
      />
    )
  }
  if (!booking && failed) {
    if (isHttpError(failed) && !isUnreachable(failed)) return <ErrorScreen error={failed} />
    return (
      <UnreachableScreen
        message={t('widget.manageUnreachable')}
        onRetry={() => window.location.reload()}
      />
    )
  }
  if (!booking) return <WidgetLoading />

  const verdict = retried && isAwaitingPayment(booking) ? 'verifying' : verdictOf(booking, query)
  const heading = {
    verifying: t('widget.securePayment'),
    pay: t('widget.securePayment'),
    cancelled: t('widget.securePayment'),
    declined: t('widget.securePayment'),
    expired: t('widget.securePayment'),
    done: booking.status === 'requested' ? t('widget.appointmentRequested') : t('widget.thankYou'),
  }[verdict]
  const message = {
    verifying: t('widget.verifyingPayment'),
    pay: t('widget.payNowLead'),
    cancelled: t('widget.paymentCancelled'),
    declined: t('widget.paymentDeclined'),
    expired: t('widget.paymentExpired'),
    done: booking.status === 'requested' ? t('widget.requestedLead') : t('widget.scheduledLead'),
  }[verdict]
  const canPay = verdict === 'pay' || verdict === 'cancelled' || verdict === 'declined'

  return (
    <main className="widget" data-payment-verdict={verdict} aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        {booking.provider.name}
      </h1>
      {verdict === 'done' ? (
        // Paid: the same confirmation as every other booking, with calendar and manage links.
        <BookingConfirmation
          booking={booking}
          heading={heading}
          lead={message}
          languageTag={languageTag}
        />
      ) : (
        <section className="widget-step" aria-labelledby="step-heading">
          <StepHeading>{heading}</StepHeading>
          <p role={verdict === 'declined' || verdict === 'expired' ? 'alert' : 'status'}>
            {message}
          </p>
          {canPay ? (
            <PayNow
              token={token}
              {...(previewId ? { previewId } : {})}
              onWindowOpened={() => setRetried(true)}
              onRefused={() => window.location.reload()}
            />
          ) : null}
          <BookingDetails booking={booking} languageTag={languageTag} />
        </section>
      )}
    </main>
  )
}
