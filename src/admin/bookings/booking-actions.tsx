import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { Form } from 'react-final-form'
import type { AdminBooking } from '../../lib/admin/api-types'
import { minorUnitDigits, toMajorUnits } from '../../lib/booking/pricing'
import { instantToZonedDate, instantToZonedTime, zonedLocalToInstant } from '../../lib/time'
import type { AdminApi, BookingAction } from '../api'
import { FormLeaveGuard } from '../kit/leave-guard'
import { QuietButton } from '../kit/main-action'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, TextField } from '../shell/fields'
import { actionsFor, refundableAmount } from './booking-rules'

interface Values {
  reason?: string
  date?: string
  time?: string
  amount?: string
}

/** These ask something first (a reason, a new time, an amount); the others act at once. */
const withForm: BookingAction[] = ['decline', 'cancel', 'reschedule', 'refund']

function validate(action: BookingAction, refundable: number, currency: string) {
  return (values: Values) => {
    if (action === 'decline' || action === 'cancel') {
      return { reason: values.reason?.trim() ? undefined : 'admin.validation.reason' }
    }
    if (action === 'reschedule') {
      return {
        date: values.date ? undefined : 'admin.validation.required',
        time: values.time ? undefined : 'admin.validation.required',
      }
    }
    if (!values.amount) return {}
    const amount = Number(values.amount.replace(',', '.'))
    const ok = amount > 0 && amount <= toMajorUnits(refundable, currency)
    return { amount: ok ? undefined : 'admin.validation.refundAmount' }
  }
}

/** The request for an action from its form's values, in the API's units and zone. */
function perform(
  api: AdminApi,
  booking: AdminBooking,
  action: BookingAction,
  values: Values,
  timeZone: string,
) {
  switch (action) {
    case 'confirm':
      return api.confirm(booking.id)
    case 'no-show':
      return api.markNoShow(booking.id)
    case 'decline':
      return api.decline(booking.id, values.reason!.trim())
    case 'cancel':
      return api.cancel(booking.id, values.reason!.trim())
    case 'reschedule': {
      const start = zonedLocalToInstant(values.date!, values.time!, timeZone)
      return api.reschedule(booking.id, { start: new Date(start).toISOString() })
    }
    case 'refund': {
      const major = values.amount ? Number(values.amount.replace(',', '.')) : undefined
      const amount =
        major === undefined
          ? undefined
          : Math.round(major * 10 ** minorUnitDigits(booking.currency))
      return api.refund(booking.id, amount === undefined ? {} : { amount })
    }
  }
}

/**
 * The buttons a booking's status allows, each opening what it needs to ask first. A refusal is
 * shown as the API words it; success goes to `onDone` with what the API answered.
 */
export function BookingActions({
  booking,
  now,
  onDone,
}: {
  booking: AdminBooking
  now: number
  onDone: (action: BookingAction, updated: AdminBooking) => void
}) {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const [asking, setAsking] = useState<BookingAction | null>(null)
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  const actions = actionsFor(booking, now)
  if (actions.length === 0) return null

  const run = async (action: BookingAction, values: Values = {}) => {
    setBusy(true)
    setRefusal(undefined)
    try {
      const updated = await perform(api, booking, action, values, business.timeZone)
      setAsking(null)
      onDone(action, updated)
      return undefined
    } catch (failure) {
      // Shown below the form, which stays open so the input can be corrected and sent again.
      setRefusal(messageOf(failure))
      return undefined
    } finally {
      setBusy(false)
    }
  }

  const refundable = refundableAmount(booking)
  return (
    <section aria-labelledby="booking-actions-title" className="admin-actions">
      <h3 id="booking-actions-title">{t('admin.actions.title')}</h3>
      <div className="widget-actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className="widget-button"
            disabled={busy}
            aria-expanded={withForm.includes(action) ? asking === action : undefined}
            onClick={() => (withForm.includes(action) ? setAsking(action) : void run(action))}
          >
            {t(`admin.actions.${action}`)}
          </button>
        ))}
      </div>
      {asking ? (
        <Form<Values>
          key={asking}
          onSubmit={(values) => run(asking, values)}
          validate={validate(asking, refundable, booking.currency)}
          initialValues={
            asking === 'reschedule'
              ? {
                  date: instantToZonedDate(Date.parse(booking.start), business.timeZone),
                  time: instantToZonedTime(Date.parse(booking.start), business.timeZone),
                }
              : {}
          }
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className="admin-panel">
              <FormLeaveGuard />
              <h4>{t(`admin.actions.${asking}Title`)}</h4>
              {asking === 'decline' || asking === 'cancel' ? (
                <TextField name="reason" label={t('admin.actions.reason')} required />
              ) : null}
              {asking === 'reschedule' ? (
                <>
                  <TextField name="date" type="date" label={t('admin.actions.newDate')} required />
                  <TextField
                    name="time"
                    type="time"
                    label={t('admin.actions.newTime')}
                    help={t('admin.timeZoneHint', { zone: business.timeZone })}
                    required
                  />
                </>
              ) : null}
              {asking === 'refund' ? (
                <TextField
                  name="amount"
                  label={t('admin.actions.amount', { currency: booking.currency })}
                  help={t('admin.actions.amountHint', {
                    amount: String(toMajorUnits(refundable, booking.currency)),
                  })}
                />
              ) : null}
              <FormSubmit label={t(`admin.actions.${asking}Submit`)}>
                <QuietButton onClick={() => setAsking(null)}>{t('admin.actions.back')}</QuietButton>
              </FormSubmit>
            </form>
          )}
        />
      ) : null}
      <Alert>{refusal}</Alert>
    </section>
  )
}
