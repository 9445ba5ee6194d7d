import type { ERROR_CODES } from './error-codes'

/** The error shape every API response and every widget error screen uses (spec §3). */
export interface ErrorObject {
  statusCode: number
  statusMessage: string
  message: string
  /** What went wrong, for code to act on without matching message text. */
  code?: ErrorCode
}

/** Machine-readable reasons the API gives beside the spec's messages. */
export type ErrorCode = (typeof ERROR_CODES)[number]

export function isErrorObject(value: unknown): value is ErrorObject {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.statusCode === 'number' &&
    typeof candidate.statusMessage === 'string' &&
    typeof candidate.message === 'string'
  )
}
