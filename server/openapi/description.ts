import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fastJson from 'fast-json-stringify'
import { describedSchemaOf, forSerialiser, jsonSchemaOf } from './json-schema'
import { errorObjectSchema } from './schemas'
import type { KeyDecision } from '../admin/key-scopes'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's response schemas as written (joi), for the description to name their parts. */
    describedResponse?: Record<string, unknown>
  }
}

/** Where the description and its reader are served. */
export const OPENAPI_PATH = '/api/openapi.json'
export const DOCS_PATH = '/api/docs'

/** A route the API publishes: every method and URL under /api but the test clock's and the docs'. */
export function isPublished(url: string): boolean {
  return (
    (url === '/api' || url.startsWith('/api/')) &&
    !url.startsWith('/api/test/') &&
    !url.startsWith(DOCS_PATH) &&
    url !== OPENAPI_PATH
  )
}

/** What a route is registered with, as the completeness test reads it. */
export interface RegisteredRoute {
  method: string
  url: string
  /** Whether it states the body of at least one successful answer. */
  hasResponseSchema: boolean
}

const SCHEMA_PARTS = ['params', 'querystring', 'body', 'headers'] as const
const REFUSED = 'Refused: the error object says why (its code for programs, its message for people)'
const FAILED = 'The server failed, or is busy (503 with Retry-After): try again'

/** The tag a route is listed under in the docs: its family of URLs, dashboard ones apart. */
function tagOf(url: string): string {
  const [first = '', second = ''] = url.replace(/^\/api\//, '').split('/')
  if (first !== 'admin') return first
  return second === 'content' ? 'admin: content' : `admin: ${second}`
}

/**
 * Who may call a route: none for the visitor's routes; for the dashboard's, a session cookie, or
 * a Bearer token (ADMIN_TOKEN, or an API key holding the scope named, server/admin/key-scopes.ts).
 */
function securityOf(url: string, decision: KeyDecision | undefined) {
  if (!url.startsWith('/api/admin/') || decision === undefined) return []
  return decision === 'no-keys'
    ? [{ session: [] }, { adminToken: [] }]
    : [{ session: [] }, { adminToken: [] }, { apiKey: [decision] }]
}

/**
 * The API's OpenAPI 3.1 description, made from the routes' own joi schemas at start and served at
 * /api/openapi.json with its reader at /api/docs. A route's response schemas are turned into JSON
 * Schema as it registers, so Fastify serialises each answer with the schema published for it (and
 * nothing it does not name leaves). Returns the routes registered, for the tests that hold the
 * description to them.
 */
export async function registerApiDescription(
  app: FastifyInstance,
  {
    siteUrl,
    version,
    checkAnswer,
  }: {
    siteUrl: string
    version: string
    /** Called with every answer before it leaves (the API tests hold answers to the description). */
    checkAnswer?: (
      app: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
    ) => void
  },
): Promise<RegisteredRoute[]> {
  const registered: RegisteredRoute[] = []
  // Each schema compiled when its route first answers with it, not at start: a test app (and a
  // start) would otherwise compile the serialisers of 125 routes most of which it never calls.
  app.setSerializerCompiler(({ schema }) => {
    let serialise: ((data: unknown) => string) | undefined
    return (data) => (serialise ??= fastJson(schema as Parameters<typeof fastJson>[0]))(data)
  })
  // One conversion per joi schema, however many routes answer with it.
  const converted = new WeakMap<object, unknown>()
  const forFastify = (schema: unknown) => {
    if (typeof schema !== 'object' || schema === null) return schema
    let json = converted.get(schema)
    if (json === undefined) {
      json = forSerialiser(jsonSchemaOf(schema))
      converted.set(schema, json)
    }
    return json
  }
  // Registered before compression and every route, so it sees each answer as serialised.
  if (checkAnswer) {
    app.addHook('onSend', async (request, reply, payload) => {
      checkAnswer(app, request, reply, payload)
      return payload
    })
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined
    if (response) {
      // The joi schemas stay for the description, which names their labelled parts; Fastify's
      // serialiser gets them inline.
      route.config = { ...route.config, describedResponse: { ...response } }
      for (const [status, schema] of Object.entries(response)) {
        response[status] = forFastify(schema)
      }
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!isPublished(route.url)) return
    // HEAD answers as its GET does, and is not described apart (as @fastify/swagger does).
    for (const method of methods.filter((name) => name !== 'HEAD')) {
      registered.push({
        method,
        url: route.url,
        hasResponseSchema: Object.keys(response ?? {}).some((status) => /^[23]/.test(status)),
      })
    }
  })
  // The shapes the answers name, each once: filled as the description is made, route by route.
  const components: Record<string, Record<string, unknown>> = {}
  const errorRef = describedSchemaOf(errorObjectSchema, components) as object
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clinic booking API',
        version,
        description:
          'Availability, bookings, payments, forms and content for visitors, and the dashboard ' +
          'API for the clinic. Errors answer with the error object and its `code`.',
      },
      servers: [{ url: siteUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'admin_session' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN: as the owner' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key made in the dashboard; it may call the routes of its scopes',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      if (!isPublished(url)) return { schema: { ...schema, hide: true }, url }
      const described: Record<string, unknown> = { ...schema }
      for (const part of SCHEMA_PARTS) {
        if (schema?.[part]) described[part] = jsonSchemaOf(schema[part])
      }
      const responses = route.config?.describedResponse ?? {}
      described.response = {
        ...Object.fromEntries(
          Object.entries(responses).map(([status, each]) => [
            status,
            describedSchemaOf(each, components),
          ]),
        ),
        '4XX': { ...errorRef, description: REFUSED },
        '5XX': { ...errorRef, description: FAILED },
      }
      described.tags = [tagOf(url)]
      described.security = securityOf(url, route.config?.keyDecision)
      return { schema: described, url }
    },
    transformObject: (document) => {
      const { openapiObject } = document as {
        openapiObject: { components?: { schemas?: object } }
      }
      const { components: own = {} } = openapiObject
      // Beside any schema @fastify/swagger listed itself, not in place of them.
      return {
        ...openapiObject,
        components: { ...own, schemas: { ...own.schemas, ...components } },
      }
    },
  })
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The reader's own files only: no inline script, nothing from another origin.
    staticCSP:
      "default-src 'none'; script-src 'self'; img-src 'self' data:; " +
      // The one style element the reader writes itself, by hash.
      "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; " +
      "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; " +
      "frame-ancestors 'none'",
    uiConfig: { deepLinking: true },
  })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
  return registered
}
