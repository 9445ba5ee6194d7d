/**
 * Machine-readable reasons the API gives beside the spec's messages: a list, as the published API
 * description names every one (server/openapi).
 */
export const ERROR_CODES = [
  'invalid_request',
  'not_found',
  'no_timezone',
  'no_slots',
  'staff_busy',
  'seats_left',
  'max_slots',
  'resource_unavailable',
  'slug_expired',
  'reschedule_closed',
  'cancellation_closed',
  'not_active',
  'idempotency_key_reused',
  'rate_limited',
  'unavailable',
  'payment_not_due',
  'payment_provider_unavailable',
  'refund_too_large',
  'webhook_rejected',
  /** The admin API: not signed in, not allowed, or the one-time password is still to be changed. */
  'unauthorized',
  'forbidden',
  'password_change_required',
  /** A Bearer token sent to a server without ADMIN_TOKEN: tokens are off, accounts still sign in. */
  'tokens_switched_off',
  /** An API key without the scope the route needs (named in the message). */
  'missing_scope',
  'conflict',
  /** An edit started from a version of a record that another save has since replaced. */
  'version_conflict',
  /** An image of the media library that a page, post or product still shows. */
  'media_in_use',
  /**
   * A calendar connection (422): the address may not be reached (private network), did not
   * answer, refused the user name and password, or holds no calendar.
   */
  'calendar_address_refused',
  'calendar_unreachable',
  'calendar_unauthorized',
  'calendar_not_found',
  'calendar_password_unreadable',
] as const
