import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isPublished } from './description'

/** An answer the published description does not allow: what was called, what came back, why. */
export interface ContractViolation {
  method: string
  url: string
  status: number
  problem: string
}

interface Described {
  content?: Record<string, { schema?: object }>
}
type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, Described> }>>
  components?: object
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

function bodyText(payload: unknown, encoding: unknown): string | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined
  const bytes = Buffer.from(payload)
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8')
  return bytes.toString('utf8')
}

/**
 * Holds every answer of the published routes to the description the app publishes: the body
 * validates against the schema of its status (exact, else its class such as 4XX), in the media
 * type described. The API tests run with it (server/test-app.ts), so the description cannot
 * drift from what the routes answer.
 */
export function answerContract(report: (violation: ContractViolation) => void) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const descriptions = new WeakMap<FastifyInstance, OpenApi>()
  const validators = new Map<string, ValidateFunction>()

  function check(
    app: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) {
    const url = request.routeOptions.url
    if (!url || !isPublished(url) || request.method === 'HEAD') return
    const description = descriptions.get(app) ?? (app.swagger() as unknown as OpenApi)
    descriptions.set(app, description)
    const status = reply.statusCode
    const fail = (problem: string) => report({ method: request.method, url, status, problem })
    const operation = description.paths[openApiPath(url)]?.[request.method.toLowerCase()]
    if (!operation) return fail('the route is not in the description')
    // A route that describes no successful answer is the completeness test's to report
    // (server/openapi/description.test.ts), once, rather than every test's that calls it.
    if (!Object.keys(operation.responses).some((status) => /^[23]/.test(status))) return
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
      (candidate) => operation.responses[candidate],
    )
    if (!key) return fail(`status ${status} is not described`)
    const described = operation.responses[key]!
    const mediaTypes = Object.keys(described.content ?? {})
    const contentType = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim()
    if (mediaTypes.length === 0) {
      const text = bodyText(payload, reply.getHeader('content-encoding'))
      if (text) fail(`a body where the description says none: ${text.slice(0, 120)}`)
      return
    }
    if (!mediaTypes.includes(contentType)) {
      return fail(
        `content type ${contentType || 'none'} where ${mediaTypes.join(', ')} is described`,
      )
    }
    if (contentType !== 'application/json') return
    const text = bodyText(payload, reply.getHeader('content-encoding'))
    if (text === undefined) return fail('a JSON answer that is not text')
    const validatorKey = JSON.stringify([request.method, url, key, described])
    let validate = validators.get(validatorKey)
    if (!validate) {
      // With the description's components beside it, which its $refs name.
      const schema = described.content!['application/json']!.schema ?? {}
      validate = ajv.compile({ ...schema, components: description.components })
      validators.set(validatorKey, validate)
    }
    if (!validate(JSON.parse(text))) {
      fail(`${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`)
    }
  }
  return check
}

export type AnswerCheck = ReturnType<typeof answerContract>
