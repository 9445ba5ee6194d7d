import { HttpError } from './errors'

/**
 * Where a keyset-paged list goes on: the instant and id its last row was ordered by. Rows made or
 * moved while someone pages never show twice or go missing, as they would with an offset. To a
 * client it is opaque (`nextCursor`, sent back as `cursor`).
 */
export interface Cursor<Id extends string | number> {
  /** An ISO instant in UTC, to the microsecond where the rows' order has them. */
  at: string
  id: Id
}

// What encodeCursor is given, and all that is passed on to the database: PostgreSQL would refuse
// many a text Date.parse takes (another format, the year 0, or February 30th, which Date.parse
// moves on).
const INSTANT = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  INSTANT.test(value) &&
  new Date(Date.parse(value)).toISOString().slice(0, 19) === value.slice(0, 19)

export const encodeCursor = ({ at, id }: Cursor<string | number>) =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url')

/**
 * The cursor `text` names (undefined without one), its id one `isId` accepts; anything else is
 * not one this server made, refused with 400.
 */
export function readCursor<Id extends string | number>(
  text: string | undefined,
  isId: (value: unknown) => value is Id,
): Cursor<Id> | undefined {
  if (text === undefined) return undefined
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown[]
    if (isInstant(at) && isId(id)) {
      return { at, id }
    }
  } catch {
    // Not JSON, or no date at all (toISOString throws): refused below as any other text.
  }
  throw new HttpError(400, 'Bad Request', 'This cursor is not one of ours.')
}
