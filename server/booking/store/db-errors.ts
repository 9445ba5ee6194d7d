/** PostgreSQL error codes the booking service turns into the spec's messages. */
interface PgError {
  code?: string
  constraint?: string
}

const pgError = (error: unknown): PgError =>
  typeof error === 'object' && error !== null ? (error as PgError) : {}

/** Two sessions of one staff member would overlap (the exclusion constraint said no). */
export const isStaffOverlap = (error: unknown) => pgError(error).code === '23P01'

/** A class would get more seats than it has. */
export const isSeatOverflow = (error: unknown) =>
  pgError(error).code === '23514' && pgError(error).constraint === 'staff_sessions_seats'

export const isUniqueViolation = (error: unknown, constraint: string) =>
  pgError(error).code === '23505' && pgError(error).constraint === constraint

/** Serialization failures, deadlocks and lock time-outs: the resource is busy right now. */
export const isTransientConflict = (error: unknown) =>
  ['40001', '40P01', '55P03'].includes(pgError(error).code ?? '')
