import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { PublicService } from '../../lib/booking/api-types'
import { changeDeadline, isBeforeDeadline, strictestRules } from '../../lib/booking/change-rules'
import { formatPrice } from '../../lib/format'
import { formatDateTime } from '../../lib/format/booking'

const HOUR = 60
const DAY = 24 * HOUR

/** A cut-off as the visitor reads it: "48 hours", "3 days" from three whole days, else minutes. */
function formatCutoff(minutes: number, languageTag: string): string {
  const [value, unit] =
    minutes % DAY === 0 && minutes >= 3 * DAY
      ? [minutes / DAY, 'day']
      : minutes % HOUR === 0
        ? [minutes / HOUR, 'hour']
        : [minutes, 'minute']
  return new Intl.NumberFormat(languageTag, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  )
}

interface Props {
  services: PublicService[]
  /** The chosen start (ISO). */
  start: string
  /** The visitor's zone: every time is shown in it. */
  timeZone: string
  languageTag: string
  providerName: string
  /** What is paid before the appointment (the deposit), and its currency; 0 when nothing. */
  dueNowCents: number
  currency: string
}

/**
 * The services' rules, said before the visitor books and pays: until when the appointment can be
 * rescheduled and cancelled online (for a time already inside a deadline: that it cannot), and
 * what a cancellation does to the payment, as server/payments/on-booking-end.ts refunds it.
 */
export function ChangeRules(props: Props) {
  const { t } = useTranslation()
  const { services, start, timeZone, languageTag, dueNowCents, currency } = props
  // Measured from when the step opened, as the manage screens measure their deadlines.
  const [now] = useState(() => Date.now())
  if (services.length === 0) return null
  const rules = strictestRules(services)
  const startMs = Date.parse(start)
  const cutoff = (minutes: number) => formatCutoff(minutes, languageTag)
  const at = (instant: number) =>
    `${formatDateTime(new Date(instant).toISOString(), timeZone, languageTag)} (${timeZone})`

  const change = (kind: 'reschedule' | 'cancel', minutes: number) => {
    const until = changeDeadline(startMs, minutes)
    if (minutes === 0) return t(`widget.rules.${kind}UntilStart`)
    return isBeforeDeadline(now, until)
      ? t(`widget.rules.${kind}Until`, { cutoff: cutoff(minutes), until: at(until) })
      : t(`widget.rules.${kind}Inside`, { cutoff: cutoff(minutes) })
  }
  const amount = formatPrice(dueNowCents, currency, languageTag)
  const refundUntil = changeDeadline(startMs, rules.refundCutoffMinutes)
  const refund =
    rules.refundPolicy === 'none'
      ? t('widget.rules.refundNone', { amount })
      : rules.refundPolicy === 'keep_deposit'
        ? t('widget.rules.refundKeepDeposit', { amount })
        : isBeforeDeadline(now, refundUntil)
          ? t('widget.rules.refundUntil', { amount, until: at(refundUntil) })
          : t('widget.rules.refundInside', { amount, cutoff: cutoff(rules.refundCutoffMinutes) })

  return (
    <section className="widget-rules" aria-labelledby="widget-rules-heading">
      <h3 id="widget-rules-heading">{t('widget.rules.heading')}</h3>
      <ul>
        <li>{change('reschedule', rules.rescheduleCutoffMinutes)}</li>
        <li>{change('cancel', rules.cancellationCutoffMinutes)}</li>
        {dueNowCents > 0 ? (
          <>
            <li>{refund}</li>
            <li>{t('widget.rules.refundByBusiness', { name: props.providerName })}</li>
          </>
        ) : null}
      </ul>
    </section>
  )
}
