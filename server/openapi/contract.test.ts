import Fastify from 'fastify'
import { Joi } from '../../src/lib/validation/joi'
import { answerContract, type ContractViolation } from './contract'
import { registerApiDescription } from './description'
import { fileAnswer } from './schemas'

/** A small app with the description's hooks and routes that keep to it, or not. */
async function appWith(report: (violation: ContractViolation) => void) {
  const app = Fastify({ logger: false })
  await registerApiDescription(app, {
    siteUrl: 'http://127.0.0.1',
    version: '0.0.0',
    checkAnswer: answerContract(report),
  })
  const thing = Joi.object({ id: Joi.number().integer().required() })
  app.get('/api/things/:id', { schema: { response: { 200: thing } } }, async (request) => {
    const { id } = request.params as { id: string }
    return { id: Number(id) }
  })
  // Sent as text, so the serialiser cannot mend it: what the contract sees is what a client gets.
  app.get('/api/broken', { schema: { response: { 200: thing } } }, async (_request, reply) =>
    reply.type('application/json').send('{"id":"seven"}'),
  )
  // A field the description requires and the handler lacks: sent without it, not as a 500.
  app.get('/api/incomplete', { schema: { response: { 200: thing } } }, async () => ({}) as never)
  // Fastify's own error body, not the error object.
  app.get('/api/refused', { schema: { response: { 200: thing } } }, async () => {
    throw Object.assign(new Error('nope'), { statusCode: 404 })
  })
  app.get(
    '/api/csv',
    { schema: { response: { 200: fileAnswer('text/csv', 'A file') } } },
    async (_request, reply) => reply.type('application/json').send('{}'),
  )
  await app.ready()
  return app
}

describe('the contract check', () => {
  it('lets through answers the description allows', async () => {
    const violations: ContractViolation[] = []
    const app = await appWith((violation) => violations.push(violation))
    expect((await app.inject('/api/things/7')).json()).toEqual({ id: 7 })
    expect(violations).toEqual([])
    await app.close()
  })

  it('reports a body, an error object or a media type the description does not allow', async () => {
    const violations: ContractViolation[] = []
    const app = await appWith((violation) => violations.push(violation))
    await app.inject('/api/broken')
    const incomplete = await app.inject('/api/incomplete')
    expect([incomplete.statusCode, incomplete.json()]).toEqual([200, {}])
    await app.inject('/api/refused')
    await app.inject('/api/csv')
    expect(violations).toEqual([
      expect.objectContaining({
        url: '/api/broken',
        status: 200,
        problem: expect.stringMatching(/id must be integer/),
      }),
      expect.objectContaining({
        url: '/api/incomplete',
        status: 200,
        problem: expect.stringMatching(/must have required property 'id'/),
      }),
      expect.objectContaining({
        url: '/api/refused',
        status: 404,
        problem: expect.stringMatching(/must have required property 'statusMessage'/),
      }),
      expect.objectContaining({
        url: '/api/csv',
        status: 200,
        problem: expect.stringMatching(/content type application\/json where text\/csv/),
      }),
    ])
    await app.close()
  })
})
