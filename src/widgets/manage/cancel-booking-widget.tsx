import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { Form, useField } from 'react-final-form'
import { BookingDetails } from '../../components/booking/booking-details'
import { ChangeClosed, ChangeDeadline } from '../../components/booking/change-policy'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { StepHeading } from '../../components/booking/step-heading'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { useMessage } from '../../components/use-message'
import { ErrorScreen } from '../../components/error-views/error-screen'
import { isExpiredLinkError } from '../../components/error-views/expired-link'
import type { BookingView } from '../../lib/booking/api-types'
import { isHttpError, type ErrorObject } from '../../lib/http'
import { browserTimeZone } from '../../lib/time'
import { cancelRequestSchema, type CancelRequest } from '../../lib/validation/booking-queries'
import { MESSAGES } from '../../lib/validation/messages'
import { bookingFacts, emitToHost } from '../embed/host-messages'
import { fetchManagedBooking, postCancel } from './api'
import { CancelRefund } from './cancel-refund'
import { WidgetLoading } from '../../components/booking/widget-loading'

/**
 * Spec §4, "cancelling, then cancelled"; 'failed' ends the flow on the error screen;
 * 'unreachable': the booking could not be loaded because no answer came.
 */
type CancelState =
  | { status: 'loading' }
  | { status: 'unreachable' }
  | { status: 'ready'; booking: BookingView; refusal?: string }
  | { status: 'cancelling'; booking: BookingView }
  | { status: 'cancelled'; booking: BookingView; reason: string }
  | { status: 'failed'; error: ErrorObject }

// Without a token there is no booking to look up: the server's answer for an unknown one.
const NO_TOKEN: ErrorObject = {
  statusCode: 404,
  statusMessage: MESSAGES.noCalendarEvent,
  message: 'This link does not name a booking.',
}

// What the server answers a second cancellation with, so a cancelled booking's link shows the
// expired-link view whether it is opened again or submitted twice.
const ALREADY_CANCELLED: ErrorObject = {
  statusCode: 409,
  statusMessage: MESSAGES.alreadyCancelled,
  message: MESSAGES.alreadyCancelled,
}

/** The server's error object; anything else (a bug, not an answer) as a plain 500. */
function errorObjectOf(failure: unknown): ErrorObject {
  if (isHttpError(failure)) {
    const { statusCode, statusMessage, message } = failure
    return { statusCode, statusMessage, message }
  }
  return { statusCode: 500, statusMessage: 'Internal Server Error', message: String(failure) }
}

/** Final-form's errors, from the joi schema the server validates the same request with. */
function validateReason(values: Partial<CancelRequest>): Partial<CancelRequest> {
  const { error } = cancelRequestSchema.validate(values)
  return error ? { reason: error.message } : {}
}

/** The reason, labelled, with its message beside it, announced when it appears. */
function ReasonField({ label }: { label: string }) {
  const { input, meta } = useField<string>('reason', {
    subscription: { value: true, touched: true, error: true },
  })
  const translate = useMessage()
  const message = meta.touched && meta.error ? translate(meta.error) : undefined
  return (
    <div className="widget-field">
      <label htmlFor="field-reason">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <textarea
        {...input}
        id="field-reason"
        rows={3}
        aria-required
        aria-invalid={Boolean(message)}
        aria-describedby={message ? 'field-reason-error' : undefined}
      />
      {message ? (
        <p id="field-reason-error" className="widget-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The booking in the visitor's zone of now, what cancelling does to their payment, and the reason
 * form; kept while cancelling.
 */
function CancelForm({
  booking,
  cancelling,
  refusal,
  onCancel,
}: {
  booking: BookingView
  cancelling: boolean
  refusal: string | undefined
  onCancel: (request: CancelRequest) => Promise<void>
}) {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const timeZone = browserTimeZone()
  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.cancelHeading')}</StepHeading>
      <ChangeDeadline
        booking={booking}
        change="cancel"
        timeZone={timeZone}
        languageTag={languageTag}
      />
      <CancelRefund booking={booking} timeZone={timeZone} languageTag={languageTag} />
      <BookingDetails booking={booking} languageTag={languageTag} timeZone={timeZone} />
      <Form<Partial<CancelRequest>>
        // Validation passed, so the schema's value (the reason trimmed) is what the server gets.
        onSubmit={(values) => onCancel(cancelRequestSchema.validate(values).value)}
        validate={validateReason}
        subscription={{}}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <ReasonField label={t('widget.cancelReason')} />
            {refusal ? (
              <p className="widget-alert" role="alert">
                {translate(refusal)}
              </p>
            ) : null}
            {cancelling ? <p role="status">{t('widget.cancelling')}</p> : null}
            <button
              type="submit"
              className="widget-button widget-button--primary"
              disabled={cancelling}
            >
              {t('widget.cancel')}
            </button>
          </form>
        )}
      />
    </section>
  )
}

function Cancelled({ reason }: { reason: string }) {
  const { t } = useTranslation()
  return (
    <section className="widget-step widget-confirmation" aria-labelledby="step-heading">
      <StepHeading>{t('widget.cancelled')}</StepHeading>
      <p role="status">{t('widget.cancelledLead')}</p>
      <dl className="widget-details">
        <dt>{t('widget.cancelReason')}</dt>
        <dd>{reason}</dd>
      </dl>
    </section>
  )
}

function CancelFlow({ token }: { token: string }) {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const [state, setState] = useState<CancelState>({ status: 'loading' })
  // Bumped by "Try again" after the API could not be reached.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    fetchManagedBooking(token).then(
      ({ booking }) => {
        if (!current) return
        setState(
          booking.status === 'cancelled'
            ? { status: 'failed', error: ALREADY_CANCELLED }
            : { status: 'ready', booking },
        )
      },
      (failure: unknown) => {
        if (!current) return
        if (isUnreachable(failure)) return setState({ status: 'unreachable' })
        const error = errorObjectOf(failure)
        setState({ status: 'failed', error })
        emitToHost({ type: 'link-failed', statusCode: error.statusCode })
      },
    )
    return () => {
      current = false
    }
  }, [token, attempt])

  if (state.status === 'loading') {
    return <WidgetLoading />
  }
  if (state.status === 'unreachable') {
    const retry = () => {
      setState({ status: 'loading' })
      setAttempt(attempt + 1)
    }
    return <UnreachableScreen message={t('widget.manageUnreachable')} onRetry={retry} />
  }
  if (state.status === 'failed') return <ErrorScreen error={state.error} />

  const { booking } = state
  const cancel = async (request: CancelRequest) => {
    setState({ status: 'cancelling', booking })
    try {
      const cancelled = await postCancel(token, request)
      setState({ status: 'cancelled', booking: cancelled.booking, reason: request.reason })
      emitToHost({ type: 'cancelled', ...bookingFacts(cancelled.booking) })
    } catch (failure) {
      const error = errorObjectOf(failure)
      if (isUnreachable(failure)) {
        // Nothing was decided: the form stays with what was typed, for the next try.
        setState({ status: 'ready', booking, refusal: t('widget.cancelUnreachable') })
      } else if (isHttpError(failure) && failure.code === 'cancellation_closed') {
        // The link is valid, only late (the cut-off passed while the reason was typed).
        const policy = { ...booking.policy, canCancel: false }
        setState({ status: 'ready', booking: { ...booking, policy } })
      } else {
        // An earlier cancellation will not change on a retry: the link is spent. Anything else
        // may pass next time, so the form stays with what was typed.
        setState(
          isExpiredLinkError(error.statusMessage)
            ? { status: 'failed', error }
            : { status: 'ready', booking, refusal: error.statusMessage },
        )
      }
    }
  }
  // Past the cut-off (or in a state that cannot be cancelled online), say so before any reason
  // is typed.
  const closed = state.status === 'ready' && !booking.policy.canCancel

  return (
    <main className="widget" aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        {booking.provider.name}
      </h1>
      {state.status === 'cancelled' ? (
        <Cancelled reason={state.reason} />
      ) : closed ? (
        <ChangeClosed
          booking={booking}
          change="cancel"
          timeZone={browserTimeZone()}
          languageTag={languageTag}
        />
      ) : (
        <CancelForm
          booking={booking}
          cancelling={state.status === 'cancelling'}
          refusal={state.status === 'ready' ? state.refusal : undefined}
          onCancel={cancel}
        />
      )}
    </main>
  )
}

/**
 * The form-layout cancel flow, for the manage token in `?token=` (or `?cancel=`): the booking in
 * the visitor's zone, a required reason, then the cancellation. The service a route may name is
 * not checked: the token alone says which booking is meant.
 */
export function CancelBookingWidget({ search }: { search: string }) {
  const query = new URLSearchParams(search)
  const token = query.get('token') || query.get('cancel')
  if (!token) return <ErrorScreen error={NO_TOKEN} />
  // Keyed by the token, so another token starts over from loading rather than showing the last.
  return <CancelFlow key={token} token={token} />
}
