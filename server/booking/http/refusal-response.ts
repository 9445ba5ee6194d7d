import { MESSAGES, maxSlotsMessage, seatsLeftMessage } from '../../../src/lib/validation/messages'
import { HttpError } from '../../errors'
import { formatUntil } from '../views/policy'
import type { Refusal } from '../refusals'

const CANNOT_MOVE: Record<string, string> = {
  cancelled: 'This booking was cancelled and can no longer be rescheduled.',
  declined: 'This booking was declined and can no longer be rescheduled.',
  expired: 'This booking expired and can no longer be rescheduled.',
}

/** The status code, the spec's message and the machine-readable code of each refusal. */
export function refusalResponse(refusal: Refusal): HttpError {
  switch (refusal.kind) {
    case 'invalid':
      return new HttpError(400, refusal.message, refusal.message, refusal.fields, 'invalid_request')
    case 'unknown_service':
      return new HttpError(404, MESSAGES.unableToFindCalendar, undefined, undefined, 'not_found')
    case 'mixed_providers':
      return new HttpError(
        400,
        'Bad Request',
        'All services of one booking must belong to one provider.',
        undefined,
        'invalid_request',
      )
    case 'booking_not_found':
      return new HttpError(404, MESSAGES.noCalendarEvent, undefined, undefined, 'not_found')
    case 'not_offered':
      return new HttpError(409, MESSAGES.noSlots, undefined, undefined, 'no_slots')
    case 'staff_busy':
      return new HttpError(409, MESSAGES.staffBusy, undefined, undefined, 'staff_busy')
    case 'seats':
      return new HttpError(
        409,
        seatsLeftMessage(Math.max(0, refusal.seatsLeft)),
        undefined,
        undefined,
        'seats_left',
      )
    case 'max_slots':
      return new HttpError(400, maxSlotsMessage(refusal.max), undefined, undefined, 'max_slots')
    case 'resource_unavailable':
      return new HttpError(
        409,
        MESSAGES.resourceUnavailable,
        undefined,
        undefined,
        'resource_unavailable',
      )
    case 'link_expired':
      return new HttpError(410, MESSAGES.slugExpired, MESSAGES.linkUsed, undefined, 'slug_expired')
    case 'reschedule_closed':
      return new HttpError(
        409,
        'The reschedule window for this booking has closed.',
        `Rescheduling was possible until ${formatUntil(refusal.until)}.`,
        undefined,
        'reschedule_closed',
      )
    case 'cancellation_closed':
      return new HttpError(
        409,
        'The cancellation window for this booking has closed.',
        `Cancellation was possible until ${formatUntil(refusal.until)}.`,
        undefined,
        'cancellation_closed',
      )
    case 'wrong_state':
      return wrongState(refusal.command, refusal.status)
    case 'payment_not_due':
      return new HttpError(
        409,
        refusal.status === 'expired'
          ? 'The time to pay for this booking has run out.'
          : 'This booking is not waiting for a payment.',
        undefined,
        undefined,
        'payment_not_due',
      )
    case 'no_payment':
      return new HttpError(404, 'This booking has no payment.', undefined, undefined, 'not_found')
    case 'refund_too_large':
      return new HttpError(
        409,
        'The refund is more than what is left to refund.',
        `At most ${refusal.refundable} can be refunded.`,
        undefined,
        'refund_too_large',
      )
    case 'provider_failed':
      return new HttpError(
        502,
        'The payment provider could not be reached. Please try again.',
        undefined,
        undefined,
        'payment_provider_unavailable',
      )
    case 'not_started':
      return new HttpError(
        409,
        'A no-show can be marked only once the appointment has started.',
        undefined,
        undefined,
        'not_active',
      )
    case 'nothing_paid':
      return new HttpError(
        409,
        'Nothing has been paid for this booking, so nothing can be refunded.',
        undefined,
        undefined,
        'refund_too_large',
      )
  }
}

function wrongState(command: string, status: string): HttpError {
  const code = 'not_active' as const
  if (command === 'cancel' && status === 'cancelled') {
    return new HttpError(409, MESSAGES.alreadyCancelled, undefined, undefined, code)
  }
  if (command === 'reschedule' && CANNOT_MOVE[status]) {
    return new HttpError(409, CANNOT_MOVE[status] as string, undefined, undefined, code)
  }
  const message = `A ${status} booking cannot be ${
    {
      create: 'created',
      reschedule: 'rescheduled',
      cancel: 'cancelled',
      confirm: 'confirmed',
      decline: 'declined',
      expire: 'expired',
      no_show: 'marked as a no-show',
    }[command] ?? command
  }.`
  return new HttpError(409, message, undefined, undefined, code)
}
