import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../../test-app'

let app: FastifyInstance

beforeAll(async () => {
  app = await buildTestApp({ paymentProvider: 'local' })
}, 60_000)
afterAll(() => app.close())

describe("the local provider's checkout page", () => {
  // PostgreSQL refuses a NUL byte in text: the id must be refused before it reaches a query.
  it.each([
    ['GET', '/payments/local/checkout/%00'],
    ['POST', '/payments/local/checkout/%00'],
    ['GET', '/payments/local/checkout/lcs_%00x/authenticate'],
    ['POST', '/payments/local/checkout/%00/authenticate'],
  ] as const)(
    'answers a NUL byte in the checkout id with a 4xx error object (%s %s)',
    async (method, url) => {
      const answer = await app.inject({
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'card=4242424242424242&expiry=12%2F34&cvc=123' : undefined,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: expect.any(String),
      })
    },
  )
})
