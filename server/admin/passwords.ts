import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

/** What a hash costs to make, and so to guess: scrypt's N (a power of two), r and p. */
export interface HashCost {
  N: number
  r: number
  p: number
}

/**
 * scrypt is memory-hard: N = 2^15 with r = 8 takes 32 MiB per guess, which is what makes a stolen
 * table slow to crack on GPUs. Node refuses more than 32 MiB by default, hence maxmem.
 */
export const PASSWORD_COST: HashCost = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 32
const maxmem = (cost: HashCost) => 128 * cost.N * cost.r + 1024 * 1024

/** The hash as stored: `scrypt$N$r$p$salt$key`, so the cost can be raised without a migration. */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = crypto.randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) })
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')]
    .map(String)
    .join('$')
}

/** Whether `password` is the one `stored` was made from, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  const expected = Buffer.from(key, 'base64')
  const given = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    ...cost,
    maxmem: maxmem(cost),
  })
  return crypto.timingSafeEqual(given, expected)
}

/**
 * A hash no password matches (its key is random), at the cost new hashes are made at: checking a
 * sign-in for an unknown e-mail against it costs what a known one does, so the answer's time
 * tells nothing.
 */
const nobody = (cost: HashCost) =>
  [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    crypto.randomBytes(16).toString('base64'),
    crypto.randomBytes(KEY_LENGTH).toString('base64'),
  ].join('$')

/** Spends the time a real check takes, for a sign-in with an unknown e-mail; always false. */
export async function verifyNobody(password: string, cost = PASSWORD_COST): Promise<false> {
  await verifyPassword(password, nobody(cost))
  return false
}

/** A one-time password to be typed once: 20 characters of base64url, 120 bits. */
export const oneTimePassword = () => crypto.randomBytes(15).toString('base64url')

/** The shortest password an account may choose. */
export const MIN_PASSWORD_LENGTH = 10
