import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { isExpiredLinkError } from '../../../components/error-views/expired-link'
import { formatDateTime } from '../../../lib/format/booking'
import { isHttpError } from '../../../lib/http'
import { isUnreachable } from '../../../components/booking/unreachable'
import { postReschedule } from '../api'
import {
  bookedAtom,
  endWithErrorAtom,
  failedAtom,
  modeReadAtom,
  rescheduleClosedAtom,
  slotReadAtom,
  timeZoneAtom,
} from '../state'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { usePageLocale } from '../../../components/use-page-locale'
import { StepHeading } from '../../../components/booking/step-heading'
import { PaymentSummary } from '../../../components/booking/payment-summary'

/** The booking's current time beside the new one, then the move itself. */
export function ConfirmReschedule() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const locale = usePageLocale()
  const mode = useAtomValue(modeReadAtom)
  const slot = useAtomValue(slotReadAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const booked = useSetAtom(bookedAtom)
  const failed = useSetAtom(failedAtom)
  const endWithError = useSetAtom(endWithErrorAtom)
  const closed = useSetAtom(rescheduleClosedAtom)
  const [moving, setMoving] = useState(false)
  const [unreachable, setUnreachable] = useState(false)
  if (mode.kind !== 'reschedule' || !slot) return null
  const when = (iso: string) => formatDateTime(iso, timeZone, languageTag)

  const reschedule = async () => {
    setMoving(true)
    setUnreachable(false)
    try {
      const { booking } = await postReschedule(mode.token, { start: slot.start, timeZone }, locale)
      booked({ booking, manageToken: mode.token })
    } catch (error) {
      setMoving(false)
      if (isUnreachable(error) || !isHttpError(error)) {
        // Nothing was decided: the same new time can be tried again from here.
        setUnreachable(true)
      } else if (error.code === 'reschedule_closed') {
        // The link is valid, only late: the cut-off screen with the business's contact.
        closed()
      } else if (isExpiredLinkError(error.statusMessage)) {
        endWithError(error)
      } else {
        // The new time was taken meanwhile: choose again.
        failed(error.statusMessage)
      }
    }
  }

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.confirmReschedule')}</StepHeading>
      <dl className="widget-details">
        <dt>{t('widget.currentTimeLabel')}</dt>
        <dd>{when(mode.booking.start)}</dd>
        <dt>{t('widget.newTimeLabel')}</dt>
        <dd>{when(slot.start)}</dd>
        <dt>{t('widget.timeZone')}</dt>
        <dd>{timeZone}</dd>
      </dl>
      {/* What was paid stays with the booking: moving it asks for nothing more. */}
      {mode.booking.payment ? (
        <PaymentSummary payment={mode.booking.payment} languageTag={languageTag} />
      ) : null}
      {moving ? <p role="status">{t('widget.rescheduling')}</p> : null}
      {unreachable ? (
        <p className="widget-alert" role="alert">
          {t('widget.rescheduleUnreachable')}
        </p>
      ) : null}
      <button
        type="button"
        className="widget-button widget-button--primary"
        disabled={moving}
        onClick={() => void reschedule()}
      >
        {t('widget.reschedule')}
      </button>
    </section>
  )
}
