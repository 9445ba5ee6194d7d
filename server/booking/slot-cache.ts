import type { Queryable } from '../db'

/**
 * Slot answers kept in this process under the availability revision (the
 * availability_revision table, bumped by triggers in the same transaction as any change to
 * seats, staff, hours or services). Every request reads the revision first, so an answer computed
 * from an older state is never served, whichever process took the booking: the computation runs
 * after the read and sees at least that revision.
 *
 * An answer also depends on the clock (the notice and the horizon): it is kept until its first
 * slot would leave the bookable window, and never longer than MAX_AGE_MS so the far end of the
 * window moves on.
 */
const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 500

export interface Computed<T> {
  value: T
  /** When the clock alone would make the answer different. */
  exactUntil: number
}

interface Entry<T> {
  answer: Promise<Computed<T>>
  until: number
}

export async function availabilityRevision(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ revision: string }>(
    'SELECT revision::text AS revision FROM availability_revision',
  )
  return BigInt(rows[0]?.revision ?? 0)
}

export interface SlotCache {
  /** The answer for `key` at the current revision, computed once however many ask at once. */
  get<T>(key: string, now: number, compute: () => Promise<Computed<T>>): Promise<T>
}

export function createSlotCache(db: Queryable): SlotCache {
  let revision = -1n
  let entries = new Map<string, Entry<unknown>>()

  return {
    async get<T>(key: string, now: number, compute: () => Promise<Computed<T>>) {
      const read = await availabilityRevision(db)
      if (read > revision) {
        revision = read
        entries = new Map()
      }
      // A request that read an older revision than another one since: its answer may miss what
      // the newer revision holds, so it is computed for this request alone.
      if (read < revision) return (await compute()).value
      const found = entries.get(key) as Entry<T> | undefined
      if (found && now < found.until) {
        const computed = await found.answer
        if (now < computed.exactUntil) {
          // Least recently used goes first when the map is full: a hit moves to the end.
          entries.delete(key)
          entries.set(key, found)
          return computed.value
        }
      }
      const map = entries
      const answer = compute()
      const entry: Entry<T> = { answer, until: now + MAX_AGE_MS }
      map.set(key, entry)
      if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string)
      try {
        const computed = await answer
        entry.until = Math.min(computed.exactUntil, now + MAX_AGE_MS)
        return computed.value
      } catch (error) {
        if (map.get(key) === entry) map.delete(key)
        throw error
      }
    },
  }
}
