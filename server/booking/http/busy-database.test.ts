import { DatabaseBusy } from '../../db'
import { bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture
beforeAll(async () => {
  fixture = await buildFixture()
}, 60_000)
afterAll(() => fixture.app.close())

describe('a booking while every database connection is taken', () => {
  it('is told 503 with Retry-After, not the 500 of an error of ours', async () => {
    const { app } = fixture
    // What the PostgreSQL pool rejects with after waiting its whole wait for a connection.
    const transaction = jest.spyOn(app.db, 'transaction').mockRejectedValue(new DatabaseBusy(5_000))
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingRequest(),
      })
      expect(transaction).toHaveBeenCalled()
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('1')
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'unavailable' })
    } finally {
      transaction.mockRestore()
    }
  })
})
