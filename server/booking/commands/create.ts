import type { CreatedBooking } from '../../../src/lib/booking/api-types'
import { DEFAULT_LOCALE } from '../../../src/lib/locale/locales'
import { priceOf } from '../../../src/lib/booking/pricing'
import { holdMinutesFor } from '../../payments/commands/start-checkout'
import { insertPayment } from '../../payments/store'
import {
  bookingRulesSchema,
  fieldErrorsOf,
  hasBookingRules,
  type BookingRequest,
} from '../../../src/lib/validation/booking-request'
import { checkIntake, storeIntake } from '../../forms/intake'
import { loadParty, type Party } from '../party'
import { refuse } from '../refusals'
import { insertBooking } from '../store/bookings'
import { appendEvent } from '../store/events'
import { claimKey, storeResponse } from '../store/idempotency'
import { occupy } from '../store/ledger'
import { hashManageToken, newManageToken, sealManageToken } from '../store/manage-token'
import { consumeLink } from '../store/one-time-links'
import { visitorView } from '../views/booking-view'
import type { BookingContext } from './context'
import { planLines, spanOf } from './plan'
import { runCommand } from './transaction'

export interface CreateOptions {
  /** A replayed request with this key gets the first answer. */
  idempotency?: { key: string; fingerprint: string }
  /**
   * Create the booking `held` (seats kept, waiting e.g. for a payment) for this long. A booking
   * with something to pay now is held for the payment settings' time anyway.
   */
  holdMinutes?: number
}

/** The rules of the services the request names (required fields, terms), with the spec's words. */
function checkAgainstServices(request: BookingRequest, party: Party) {
  const services = [...party.services.values()]
  const rules = {
    requiredFields: [...new Set(services.flatMap((service) => service.requiredFields))],
    termsRequired: services.some((service) => service.depositCents > 0),
  }
  // The route validated the shape; only what these services add is checked here.
  if (!hasBookingRules(rules)) return
  const { error } = bookingRulesSchema(rules).validate(request, { abortEarly: false })
  if (error) {
    const fields = fieldErrorsOf(error)
    const messages = [...new Set(Object.values(fields))]
    refuse({ kind: 'invalid', message: messages[0] ?? 'Bad Request', fields })
  }
}

/**
 * A new booking, in one transaction: the idempotency key is claimed first (a concurrent replay
 * waits for it and then gets this answer), the one-time link is spent, the party is planned
 * against what is committed, the seats are taken, the intake answers stored and the event is
 * written.
 */
export async function createBooking(
  ctx: BookingContext,
  request: BookingRequest,
  options: CreateOptions = {},
): Promise<CreatedBooking> {
  const party = await loadParty(ctx.db, request.lines, request.guestCount ?? 1)
  checkAgainstServices(request, party)
  const intake = await checkIntake(
    ctx.db,
    [...party.services.values()].map((service) => service.intakeFormId),
    request.intake,
    request.locale ?? DEFAULT_LOCALE,
  )
  const start = Date.parse(request.start)
  await ctx.recheckCalendars?.(request.lines)
  const token = newManageToken()
  const services = [...party.services.values()]
  const { idempotency } = options

  return runCommand(ctx, async (tx) => {
    if (idempotency) await claimKey(tx, idempotency.key, idempotency.fingerprint)
    const oneTimeLinkId = request.oneTimeSlug
      ? await consumeLink(tx, request.oneTimeSlug, [...party.services.keys()])
      : null
    const now = ctx.now()
    const lines = await planLines(tx, party, request.lines, start, now)
    const span = spanOf(lines)
    // The one pricing rule over the lines as stored: what is due now is what the provider asks.
    const price = priceOf(lines.filter((line) => line.occurrence === 0))
    const paying = ctx.payments && price.dueNowCents > 0 ? ctx.payments : undefined
    const holdMinutes = options.holdMinutes ?? (paying ? holdMinutesFor(paying) : undefined)
    const status = holdMinutes
      ? 'held'
      : services.some((service) => service.requiresConfirmation)
        ? 'requested'
        : 'confirmed'
    const holdExpiresAt = holdMinutes ? now + holdMinutes * 60_000 : null
    const id = await insertBooking(tx, {
      providerId: party.providerId,
      status,
      start: span.start,
      end: span.end,
      timeZone: request.timeZone,
      contact: request.contact,
      guests: request.guests ?? [],
      guestCount: request.guestCount ?? null,
      manageTokenHash: hashManageToken(token),
      manageTokenSealed: sealManageToken(ctx.linkKey, token),
      oneTimeLinkId,
      holdExpiresAt,
      locale: request.locale ?? DEFAULT_LOCALE,
    })
    await occupy(tx, id, lines)
    await storeIntake(tx, id, intake)
    if (paying) {
      // The terms were accepted with this request (the rules above demand it when money is due).
      await insertPayment(tx, {
        bookingId: id,
        provider: paying.provider.name,
        price,
        acceptedAt: now,
      })
    }
    await appendEvent(tx, {
      bookingId: id,
      version: 1,
      type: 'booking.created',
      payload: {
        status,
        start: new Date(span.start).toISOString(),
        end: new Date(span.end).toISOString(),
        serviceIds: [...party.services.keys()],
        staffIds: [...new Set(lines.map((line) => line.staffId))],
        seats: lines.filter((l) => l.occurrence === 0).reduce((sum, l) => sum + l.seats, 0),
        holdExpiresAt: holdExpiresAt && new Date(holdExpiresAt).toISOString(),
      },
    })
    const booking = await visitorView(tx, { id }, token, ctx.siteUrl, now)
    const created = { booking: booking as NonNullable<typeof booking>, manageToken: token }
    if (idempotency) {
      await storeResponse(tx, idempotency.key, { statusCode: 201, body: created })
    }
    return created
  })
}
