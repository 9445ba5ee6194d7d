/**
 * Spec §2: an error whose statusMessage is exactly "slug expired", or mentions reschedule or
 * cancellation in any case, is a dead link, shown with its own view rather than a status code.
 */
export function isExpiredLinkError(statusMessage: string): boolean {
  return statusMessage === 'slug expired' || /reschedule|cancellation/i.test(statusMessage)
}
