import type { Queryable } from '../db'

/**
 * Slot answers, and the data they are computed from, kept in this process under the availability
 * revision (the availability_revision table, moved on by triggers in the same transaction as any
 * change to seats, staff, hours or services, each change recorded in availability_changes with
 * what it names). Every request reads the revision first, with the changes since the one this
 * process knew, so an answer computed from an older state is never served, whichever process
 * took the booking; and a change drops only what it touches (a booking of one member leaves the
 * months of services they do not perform), not everything.
 *
 * An answer also depends on the clock (the notice and the horizon): it is kept until its first
 * slot would leave the bookable window, and never longer than MAX_AGE_MS so the far end of the
 * window moves on.
 */
const MAX_AGE_MS = 60_000
const MAX_ENTRIES = 500

/** What a change names; all three null: anything may have changed. */
export interface AvailabilityChange {
  staffId: number | null
  serviceId: number | null
  providerId: number | null
}

/** What a kept value was computed from: a change that names none of it leaves it as it is. */
export interface Scope {
  providerId: number
  staffIds: readonly number[]
  serviceIds: readonly number[]
}

/** Whether `change` may make a value computed from `scope` different (no scope: anything may). */
export function touches(change: AvailabilityChange, scope: Scope | undefined): boolean {
  if (!scope) return true
  const { staffId, serviceId, providerId } = change
  if (staffId === null && serviceId === null && providerId === null) return true
  return (
    providerId === scope.providerId ||
    (staffId !== null && scope.staffIds.includes(staffId)) ||
    (serviceId !== null && scope.serviceIds.includes(serviceId))
  )
}

export interface Computed<T> {
  value: T
  /** When the clock alone would make the answer different. */
  exactUntil: number
  /** What it was computed from; without one, any change drops it. */
  scope?: Scope
}

interface Entry<T> {
  answer: Promise<Computed<T>>
  until: number
  /** Undefined while it is computed: a change meanwhile drops it, whatever it turns out to touch. */
  scope?: Scope
}

/** The current revision and, when `since` is known, what changed after it ('all': unknown). */
export async function availabilityChanges(
  db: Queryable,
  since: bigint,
): Promise<{ revision: bigint; changes: AvailabilityChange[] | 'all' }> {
  const { rows } = await db.query<{
    revision: string
    oldest: string | null
    changes: AvailabilityChange[] | null
  }>(
    `SELECT r.revision::text AS revision,
            (SELECT min(c.revision) FROM availability_changes c)::text AS oldest,
            (SELECT json_agg(json_build_object('staffId', c.staff_id, 'serviceId', c.service_id,
                                               'providerId', c.provider_id))
               FROM availability_changes c WHERE c.revision > $1::bigint AND $1::bigint >= 0
            ) AS changes
       FROM availability_revision r`,
    [String(since)],
  )
  const row = rows[0]
  const revision = BigInt(row?.revision ?? 0)
  if (since < 0n || since > revision) return { revision, changes: 'all' }
  if (since === revision) return { revision, changes: [] }
  // Every revision after `since` must still have its change recorded.
  const complete = row?.oldest != null && BigInt(row.oldest) <= since + 1n
  return { revision, changes: complete ? (row?.changes ?? []) : 'all' }
}

export interface SlotCache {
  /**
   * The answer for `key` at the current revision (read first), computed once however many ask at
   * once.
   */
  get<T>(key: string, now: number, compute: () => Promise<Computed<T>>): Promise<T>
  /**
   * Inside a `get`'s computation: a value it is computed from, kept under the same rules (the
   * clock, the scope) without reading the revision again. What it reads from the database is at
   * least as new as the revision `get` read, which is all a kept value needs: a change committed
   * while it is read drops it, since its scope is not known yet.
   */
  keep<T>(key: string, now: number, compute: () => Promise<Computed<T>>): Promise<T>
  /** How many `get`s were answered from the cache and how many computed (the metrics' hit rate). */
  readonly stats: { hits: number; misses: number }
}

export function createSlotCache(db: Queryable): SlotCache {
  let revision = -1n
  const entries = new Map<string, Entry<unknown>>()
  const stats = { hits: 0, misses: 0 }

  const apply = (changes: AvailabilityChange[] | 'all') => {
    if (changes === 'all') return entries.clear()
    if (changes.length === 0) return
    for (const [key, entry] of entries) {
      if (changes.some((change) => touches(change, entry.scope))) entries.delete(key)
    }
  }

  async function kept<T>(key: string, now: number, compute: () => Promise<Computed<T>>) {
    const found = entries.get(key) as Entry<T> | undefined
    if (found && now < found.until) {
      const computed = await found.answer
      if (now < computed.exactUntil) {
        // Least recently used goes first when the map is full: a hit moves to the end.
        if (entries.get(key) === found) {
          entries.delete(key)
          entries.set(key, found)
        }
        return computed.value
      }
    }
    const answer = compute()
    const entry: Entry<T> = { answer, until: now + MAX_AGE_MS }
    entries.set(key, entry)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
    try {
      const computed = await answer
      entry.until = Math.min(computed.exactUntil, now + MAX_AGE_MS)
      entry.scope = computed.scope
      return computed.value
    } catch (error) {
      if (entries.get(key) === entry) entries.delete(key)
      throw error
    }
  }

  return {
    async get<T>(key: string, now: number, compute: () => Promise<Computed<T>>) {
      const read = await availabilityChanges(db, revision)
      if (read.revision > revision) {
        // Pending computations began before these changes: whatever they touch, they go.
        apply(read.changes)
        revision = read.revision
      }
      // A request that read an older revision than another one since: its answer may miss what
      // the newer revision holds, so it is computed for this request alone.
      if (read.revision < revision) {
        stats.misses += 1
        return (await compute()).value
      }
      let computed = false
      const value = await kept(key, now, () => {
        computed = true
        return compute()
      })
      if (computed) stats.misses += 1
      else stats.hits += 1
      return value
    },
    keep: kept,
    stats,
  }
}
