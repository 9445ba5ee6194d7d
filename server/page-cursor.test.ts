import { encodeCursor, readCursor } from './page-cursor'

const isText = (value: unknown): value is string => typeof value === 'string'
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('a keyset page’s cursor', () => {
  it('reads back what it wrote, to the microsecond', () => {
    const cursor = { at: '2030-03-04T06:00:00.000002Z', id: 'knee' }
    expect(readCursor(encodeCursor(cursor), isText)).toEqual(cursor)
    expect(readCursor(undefined, isText)).toBeUndefined()
  })

  it('refuses with 400 what it did not write, before any of it reaches a query', () => {
    for (const text of [
      'nonsense',
      encoded({ at: '2030-03-04T06:00:00Z', id: 'knee' }),
      encoded(['2030-03-04T06:00:00Z']),
      encoded(['2030-03-04T06:00:00Z', 7]),
      // Date.parse takes these; PostgreSQL would refuse some of them.
      encoded(['Mon, 04 Mar 2030 06:00:00 GMT', 'knee']),
      encoded(['2030-03-04', 'knee']),
      encoded(['2030-02-30T06:00:00Z', 'knee']),
      encoded(['0000-01-01T00:00:00Z', 'knee']),
    ]) {
      expect(() => readCursor(text, isText)).toThrow(
        expect.objectContaining({ statusCode: 400, message: 'This cursor is not one of ours.' }),
      )
    }
  })
})
