import { Readable } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import { checkAnswers } from '../../src/lib/forms/answers'
import { csvColumns, csvLine, answerCell } from '../../src/lib/forms/csv'
import { textIn } from '../../src/lib/forms/definition'
import {
  formResponseRequestSchema,
  type FormResponseCreated,
  type FormResponseRequest,
} from '../../src/lib/forms/response-request'
import { LOCALES } from '../../src/lib/locale/locales'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { requireAdmin, type AdminAuth } from '../admin/auth'
import { useJoiValidation } from '../booking/http/joi-validator'
import { invalidRequest } from '../booking/http/validate'
import type { Database } from '../db'
import { HttpError } from '../errors'
import { fileAnswer } from '../openapi/schemas'
import { limitPerClient, type RateLimits } from '../rate-limit'
import { preventStoring } from '../security-headers'
import {
  formListSchema,
  formResponseCreatedSchema,
  formSavedSchema,
  publishedFormSchema,
  responsePageSchema,
  storedFormSchema,
} from './response-schemas'
import { assertSound, formInputSchema, formPatchSchema } from './schemas'
import {
  createForm,
  eachResponse,
  findForm,
  findIntakeForm,
  findVersion,
  insertResponse,
  listForms,
  listResponses,
  listVersions,
  updateForm,
  type FormInput,
  type StoredForm,
} from './store'

const formNotFound = () =>
  new HttpError(404, 'Form not found', 'Form not found', undefined, 'not_found')

/** The checked answers, or a 400 whose `fields` say what is wrong with each (nothing is stored). */
function answersOr400(definition: StoredForm['definition'], answers: unknown) {
  const { value, errors } = checkAnswers(definition, answers)
  if (Object.keys(errors).length > 0) throw invalidRequest(errors)
  return value
}

/** What visitors use: a published form or survey, and a place to send their answers. */
export const formRoutes: FastifyPluginAsync<{ db: Database; rateLimits: RateLimits }> = async (
  app,
  { db, rateLimits },
) => {
  useJoiValidation(app)
  await limitPerClient(app, rateLimits, 'form')
  const limited = { rateLimit: { max: rateLimits.perMinute, timeWindow: '1 minute' } }
  const params = Joi.object({ form: Joi.string().max(80).required() })

  app.get<{ Params: { form: string } }>(
    '/forms/:form',
    { schema: { params, response: { 200: publishedFormSchema } } },
    async (request) => {
      const form = await findForm(db, request.params.form)
      if (!form) throw formNotFound()
      const { published: _published, ...visible } = form
      return visible
    },
  )

  app.get<{ Params: { id: number } }>(
    '/intake-forms/:id',
    {
      schema: {
        params: Joi.object({ id: idSchema.required() }),
        response: { 200: publishedFormSchema },
      },
    },
    async (request) => {
      const form = await findIntakeForm(db, request.params.id)
      if (!form) throw formNotFound()
      const { published: _published, ...visible } = form
      return visible
    },
  )

  app.post<{ Params: { form: string }; Body: FormResponseRequest }>(
    '/forms/:form/responses',
    {
      schema: {
        params,
        body: formResponseRequestSchema,
        response: { 201: formResponseCreatedSchema },
      },
      config: limited,
    },
    async (request, reply) => {
      const form = await findForm(db, request.params.form)
      if (!form) throw formNotFound()
      // A visitor who opened the form before the business edited it answers the version they saw.
      const definition =
        request.body.version === form.version
          ? form.definition
          : await findVersion(db, form.id, request.body.version)
      if (!definition) {
        throw new HttpError(
          400,
          'This version of the form does not exist.',
          undefined,
          undefined,
          'invalid_request',
        )
      }
      const answers = answersOr400(definition, request.body.answers)
      const id = await db.transaction((tx) =>
        insertResponse(tx, {
          formId: form.id,
          version: request.body.version,
          answers,
          locale: request.body.locale,
        }),
      )
      const created: FormResponseCreated = {
        id,
        thankYou: textIn(definition.thankYou, request.body.locale),
        ...(definition.redirectUrl ? { redirectUrl: definition.redirectUrl } : {}),
      }
      return reply.status(201).send(created)
    },
  )
}

const idParams = Joi.object({ id: idSchema.required() })

/** The business's side: forms and surveys, their responses, and the CSV export. */
export const formAdminRoutes: FastifyPluginAsync<{
  db: Database
  auth: AdminAuth
}> = async (app, { db, auth }) => {
  useJoiValidation(app)
  requireAdmin(app, auth)
  preventStoring(app)

  const formOr404 = async (id: number) => {
    const form = await findForm(db, id, { drafts: true })
    if (!form) throw formNotFound()
    return form
  }
  const slugTaken = (error: unknown) =>
    (error as { code?: string }).code === '23505'
      ? new HttpError(
          409,
          'A form with this slug exists already.',
          undefined,
          undefined,
          'invalid_request',
        )
      : error

  app.get('/forms', { schema: { response: { 200: formListSchema } } }, async () => ({
    forms: await listForms(db),
  }))

  app.post<{ Body: FormInput }>(
    '/forms',
    { schema: { body: formInputSchema, response: { 201: formSavedSchema } } },
    async (request, reply) => {
      assertSound(request.body.kind, request.body.definition)
      const id = await db
        .transaction((tx) => createForm(tx, request.body))
        .catch((error: unknown) => {
          throw slugTaken(error)
        })
      return reply.status(201).send({ id, version: 1 })
    },
  )

  app.get<{ Params: { id: number } }>(
    '/forms/:id',
    { schema: { params: idParams, response: { 200: storedFormSchema } } },
    async (request) => formOr404(request.params.id),
  )

  app.patch<{ Params: { id: number }; Body: Partial<FormInput> }>(
    '/forms/:id',
    { schema: { params: idParams, body: formPatchSchema, response: { 200: formSavedSchema } } },
    async (request) => {
      const form = await formOr404(request.params.id)
      if (request.body.definition) assertSound(form.kind, request.body.definition)
      const version = await db
        .transaction((tx) => updateForm(tx, form.id, request.body))
        .catch((error: unknown) => {
          throw slugTaken(error)
        })
      return { id: form.id, version }
    },
  )

  const pageQuery = Joi.object({
    before: idSchema,
    limit: Joi.number().integer().min(1).max(500).default(50),
  })
  app.get<{ Params: { id: number }; Querystring: { before?: number; limit: number } }>(
    '/forms/:id/responses',
    {
      schema: { params: idParams, querystring: pageQuery, response: { 200: responsePageSchema } },
    },
    async (request) => {
      const form = await formOr404(request.params.id)
      const responses = await listResponses(db, form.id, request.query)
      const next = responses.length === request.query.limit ? responses.at(-1)!.id : null
      return { responses, next }
    },
  )

  const csvQuery = Joi.object({
    locale: Joi.string()
      .valid(...LOCALES)
      .default('en'),
  })
  app.get<{ Params: { id: number }; Querystring: { locale: string } }>(
    '/forms/:id/responses.csv',
    {
      schema: {
        params: idParams,
        querystring: csvQuery,
        response: { 200: fileAnswer('text/csv', "The form's responses as CSV") },
      },
    },
    async (request, reply) => {
      const form = await formOr404(request.params.id)
      const columns = csvColumns(await listVersions(db, form.id), request.query.locale)
      async function* lines() {
        yield csvLine([
          'Response',
          'Submitted at',
          'Version',
          'Language',
          'Booking',
          ...columns.map((c) => c.label),
        ])
        for await (const response of eachResponse(db, form.id)) {
          yield csvLine([
            String(response.id),
            response.createdAt,
            String(response.version),
            response.locale,
            response.bookingId === null ? '' : String(response.bookingId),
            ...columns.map((column) => answerCell(column, response.answers[column.id])),
          ])
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${form.slug}-responses.csv"`)
        .send(Readable.from(lines()))
    },
  )
}
