import crypto from 'node:crypto'

/** 256 random bits, URL-safe: the visitor's key to reschedule, cancel and download the event. */
export function newManageToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/**
 * Only this hash of a visitor's secret (a manage token, a one-time link's slug) is stored, so a
 * database leak does not hand out anyone's booking.
 */
export function hashSecret(secret: string): Buffer {
  return crypto.createHash('sha256').update(secret, 'utf8').digest()
}

export const hashManageToken = hashSecret

/** A token's shape, checked before any lookup so junk never reaches the database. */
export function isManageTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token)
}
