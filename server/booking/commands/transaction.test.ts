import type { Database, Queryable } from '../../db'
import { RefusalError } from '../refusals'
import { runCommand } from './transaction'

/** A database whose transactions fail with the given PostgreSQL codes, then succeed. */
function flakyDatabase(failures: string[]) {
  let calls = 0
  const db = {
    kind: 'postgres',
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => {
      const code = failures[calls++]
      if (code) throw Object.assign(new Error(`pg ${code}`), { code })
      return work({} as Queryable)
    },
  } as unknown as Database
  return { db, calls: () => calls }
}

const context = (db: Database) => ({
  db,
  siteUrl: 'http://example.test',
  now: () => 0,
  linkKey: Buffer.alloc(32),
})

describe('runCommand', () => {
  it('tries a deadlock and a serialization failure again', async () => {
    const { db, calls } = flakyDatabase(['40P01', '40001'])
    await expect(runCommand(context(db), async () => 'booked')).resolves.toBe('booked')
    expect(calls()).toBe(3)
  })

  it('gives up after a few tries with "resource unavailable"', async () => {
    const { db, calls } = flakyDatabase(Array(10).fill('40P01'))
    const failure = await runCommand(context(db), async () => 'booked').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RefusalError)
    expect((failure as RefusalError).refusal).toEqual({ kind: 'resource_unavailable' })
    expect(calls()).toBe(4)
  })

  it('does not retry other errors', async () => {
    const { db, calls } = flakyDatabase(['23502'])
    await expect(runCommand(context(db), async () => 'booked')).rejects.toThrow('pg 23502')
    expect(calls()).toBe(1)
  })
})
