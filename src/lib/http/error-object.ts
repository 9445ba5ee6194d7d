/** The error shape every API response and every widget error screen uses (spec §3). */
export interface ErrorObject {
  statusCode: number
  statusMessage: string
  message: string
}

export function isErrorObject(value: unknown): value is ErrorObject {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.statusCode === 'number' &&
    typeof candidate.statusMessage === 'string' &&
    typeof candidate.message === 'string'
  )
}
