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

const SEAL = 'aes-256-gcm'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The token sealed under the server's link key (iv, tag, ciphertext), kept so that messages sent
 * after the request can carry the visitor's links; the hash alone still finds the booking.
 */
export function sealManageToken(key: Buffer, token: string): Buffer {
  const iv = crypto.randomBytes(IV_BYTES)
  const cipher = crypto.createCipheriv(SEAL, key, iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed])
}

/** The token back, or undefined when it was sealed under another key (LINK_SECRET changed). */
export function openManageToken(key: Buffer, sealed: Buffer): string | undefined {
  try {
    const decipher = crypto.createDecipheriv(SEAL, key, sealed.subarray(0, IV_BYTES))
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const token = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ])
    return token.toString('utf8')
  } catch {
    return undefined
  }
}
