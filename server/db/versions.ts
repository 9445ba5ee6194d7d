import { HttpError } from '../errors'
import type { Queryable } from './database'

/**
 * A save refused because the edit started from an older version than the one stored: someone
 * else saved in between, and applying this one would silently undo their change.
 */
export const editedElsewhere = (what: string, currentVersion: number) =>
  new HttpError(
    409,
    'Conflict',
    `Someone else saved this ${what} while you were editing it. Your changes are still here: ` +
      `reload the ${what} to see theirs, then save again.`,
    undefined,
    'version_conflict',
    currentVersion,
  )

/**
 * Refuses a save that started from another version than `stored`'s, the row as locked (FOR
 * UPDATE), so no other save can come between this check and the update. A save that names no
 * version (a script's) applies whatever came before: the last write wins.
 */
export function refuseIfEditedElsewhere(
  what: string,
  stored: { version: number } | undefined,
  startedFrom: number | undefined,
) {
  if (stored && startedFrom !== undefined && startedFrom !== stored.version) {
    throw editedElsewhere(what, stored.version)
  }
}

/** A versioned row: its table, the condition naming it, and what a refusal calls it. */
export interface VersionedRow {
  table: string
  /** SQL on the row's key, with `params` as $1, $2…: `id = $1`. */
  where: string
  params: unknown[]
  /** As refusals name it: "staff member", "post". */
  what: string
}

/**
 * Locks the row a save changes (FOR UPDATE, until the transaction ends), refuses the save when it
 * started from another version (refuseIfEditedElsewhere) and answers the version stored. An
 * unknown row is 404 ("No such staff member.").
 */
export async function lockedVersion(
  tx: Queryable,
  { table, where, params, what }: VersionedRow,
  startedFrom: number | undefined,
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `SELECT version FROM ${table} WHERE ${where} FOR UPDATE`,
    params,
  )
  const stored = rows[0]
  if (!stored) throw new HttpError(404, 'Not Found', `No such ${what}.`)
  refuseIfEditedElsewhere(what, stored, startedFrom)
  return stored.version
}
