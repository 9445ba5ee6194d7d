import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { isHttpError } from '../../lib/http'
import { usePageLocale } from '../use-page-locale'
import { postCheckout } from './payment-api'

/** Whether the widget runs inside another site's frame (card pages must not be framed). */
function isFramed(): boolean {
  try {
    return window.self !== window.top
  } catch {
    // A cross-origin parent cannot even be compared: framed.
    return true
  }
}

/**
 * "Pay now": opens the provider's checkout. On its own page the widget goes there and the
 * provider brings the visitor back to the verification route; inside a frame it opens a
 * top-level window (opened at the click, so no pop-up blocker takes it) and `onWindowOpened`
 * lets the caller watch the payment's status meanwhile.
 */
export function PayNow({
  token,
  previewId,
  onWindowOpened,
  onRefused,
}: {
  token: string
  previewId?: string
  onWindowOpened: () => void
  /** The server says there is nothing to pay any more (the hold ran out): show the booking. */
  onRefused: () => void
}) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const pay = async () => {
    setBusy(true)
    setError(undefined)
    const popup = isFramed() ? window.open('', '_blank') : null
    try {
      const { url } = await postCheckout(token, { locale, ...(previewId ? { previewId } : {}) })
      if (popup) {
        popup.location.href = url
        onWindowOpened()
        setBusy(false)
      } else {
        window.location.assign(url)
      }
    } catch (failure) {
      popup?.close()
      setBusy(false)
      if (isHttpError(failure) && failure.code === 'payment_not_due') onRefused()
      else setError(t('widget.paymentUnreachable'))
    }
  }

  return (
    <>
      {error ? (
        <p className="widget-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="widget-button widget-button--primary"
        onClick={pay}
        disabled={busy}
      >
        {t('widget.payNowButton')}
      </button>
    </>
  )
}
