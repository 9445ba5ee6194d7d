import type { Queryable } from '../db'
import { queueFormDeliveries } from '../notifications/webhooks/store'
import type {
  FormInput,
  FormKind,
  FormPatch,
  FormSummary,
  StoredForm,
  StoredResponse,
} from '../../src/lib/admin/form-types'
import type { Answers, FormDefinition } from '../../src/lib/forms/definition'

export type { FormInput, FormKind, StoredForm, StoredResponse }

const FORM_COLUMNS = `f.id, f.slug, f.kind, f.published, f.current_version AS version, v.definition`

/** A form by id or slug, with its current version; only published ones unless `drafts`. */
export async function findForm(
  db: Queryable,
  idOrSlug: string | number,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<StoredForm | undefined> {
  const byId = typeof idOrSlug === 'number' || /^\d{1,9}$/.test(idOrSlug)
  const { rows } = await db.query<StoredForm>(
    `SELECT ${FORM_COLUMNS}
       FROM forms f JOIN form_versions v ON v.form_id = f.id AND v.version = f.current_version
      WHERE ${byId ? 'f.id = $1' : 'f.slug = $1'} AND (f.published OR $2)`,
    [byId ? Number(idOrSlug) : idOrSlug, drafts],
  )
  return rows[0]
}

/**
 * A form some service asks on its details step, published or not: its questions are part of
 * booking that service.
 */
export async function findIntakeForm(db: Queryable, id: number): Promise<StoredForm | undefined> {
  const { rows } = await db.query<StoredForm>(
    `SELECT ${FORM_COLUMNS}
       FROM forms f JOIN form_versions v ON v.form_id = f.id AND v.version = f.current_version
      WHERE f.id = $1 AND EXISTS (SELECT 1 FROM services s WHERE s.intake_form_id = f.id)`,
    [id],
  )
  return rows[0]
}

/** Every form, drafts too, each with its count of responses (to any version). */
export async function listForms(db: Queryable): Promise<FormSummary[]> {
  const { rows } = await db.query<FormSummary & { responses: string }>(
    `SELECT ${FORM_COLUMNS},
            (SELECT count(*) FROM form_responses r WHERE r.form_id = f.id) AS responses
       FROM forms f JOIN form_versions v ON v.form_id = f.id AND v.version = f.current_version
      ORDER BY f.id`,
  )
  // count(*) is a bigint, which the driver gives as a string.
  return rows.map((row) => ({ ...row, responses: Number(row.responses) }))
}

/** One version's definition, if the form has it. */
export async function findVersion(db: Queryable, formId: number, version: number) {
  const { rows } = await db.query<{ definition: FormDefinition }>(
    'SELECT definition FROM form_versions WHERE form_id = $1 AND version = $2',
    [formId, version],
  )
  return rows[0]?.definition
}

/** Every version's definition, newest first (the CSV export names its columns from them). */
export async function listVersions(db: Queryable, formId: number): Promise<FormDefinition[]> {
  const { rows } = await db.query<{ definition: FormDefinition }>(
    'SELECT definition FROM form_versions WHERE form_id = $1 ORDER BY version DESC',
    [formId],
  )
  return rows.map((row) => row.definition)
}

export async function createForm(tx: Queryable, input: FormInput): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO forms (slug, kind, published) VALUES ($1, $2, $3) RETURNING id`,
    [input.slug, input.kind, input.published ?? false],
  )
  const id = rows[0]!.id
  await tx.query('INSERT INTO form_versions (form_id, version, definition) VALUES ($1, 1, $2)', [
    id,
    input.definition,
  ])
  return id
}

/**
 * Changes a form. A new definition becomes a new version; the old ones stay, for the responses
 * that answered them. Returns the current version, or undefined for an unknown form.
 */
export async function updateForm(
  tx: Queryable,
  id: number,
  patch: FormPatch,
): Promise<number | undefined> {
  const { rows } = await tx.query<{ version: number }>(
    `UPDATE forms SET slug = COALESCE($2, slug), published = COALESCE($3, published),
            current_version = current_version + CASE WHEN $4::jsonb IS NULL THEN 0 ELSE 1 END,
            updated_at = now()
      WHERE id = $1 RETURNING current_version AS version`,
    [id, patch.slug ?? null, patch.published ?? null, patch.definition ?? null],
  )
  const version = rows[0]?.version
  if (version !== undefined && patch.definition) {
    await tx.query('INSERT INTO form_versions (form_id, version, definition) VALUES ($1, $2, $3)', [
      id,
      version,
      patch.definition,
    ])
  }
  return version
}

export interface NewResponse {
  formId: number
  version: number
  answers: Answers
  locale: string
  bookingId?: number
}

/**
 * Stores a response and its form.submitted event in the caller's transaction: the booking's, for
 * intake answers, so both exist or neither. The event names ids and the version, never answers.
 */
export async function insertResponse(tx: Queryable, response: NewResponse): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO form_responses (form_id, version, answers, locale, booking_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      response.formId,
      response.version,
      response.answers,
      response.locale,
      response.bookingId ?? null,
    ],
  )
  const id = Number(rows[0]!.id)
  const facts = {
    formId: response.formId,
    responseId: id,
    version: response.version,
    bookingId: response.bookingId ?? null,
  }
  const { rows: events } = await tx.query<{ id: string; slug: string }>(
    `INSERT INTO form_events (form_id, response_id, type, payload)
     VALUES ($1, $2, 'form.submitted', $3)
     RETURNING id, (SELECT slug FROM forms WHERE id = $1) AS slug`,
    [response.formId, id, facts],
  )
  await queueFormDeliveries(tx, {
    ...facts,
    eventId: Number(events[0]!.id),
    formSlug: events[0]!.slug,
  })
  return id
}

/** A page of a form's responses, newest first, after the cursor (a response id) if given. */
export async function listResponses(
  db: Queryable,
  formId: number,
  { before, limit }: { before?: number; limit: number },
): Promise<StoredResponse[]> {
  const { rows } = await db.query<StoredResponse & { id: string; createdAt: Date }>(
    `SELECT id, version, answers, locale, booking_id AS "bookingId", created_at AS "createdAt"
       FROM form_responses
      WHERE form_id = $1 AND ($2::bigint IS NULL OR id < $2)
      ORDER BY id DESC LIMIT $3`,
    [formId, before ?? null, limit],
  )
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    createdAt: new Date(row.createdAt).toISOString(),
  }))
}

/** Every response of a form, oldest first, a batch at a time: memory stays flat for any count. */
export async function* eachResponse(
  db: Queryable,
  formId: number,
  batch = 1000,
): AsyncGenerator<StoredResponse> {
  let after = 0
  for (;;) {
    const { rows } = await db.query<StoredResponse & { id: string; createdAt: Date }>(
      `SELECT id, version, answers, locale, booking_id AS "bookingId", created_at AS "createdAt"
         FROM form_responses WHERE form_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [formId, after, batch],
    )
    for (const row of rows) {
      yield { ...row, id: Number(row.id), createdAt: new Date(row.createdAt).toISOString() }
    }
    if (rows.length < batch) return
    after = Number(rows.at(-1)!.id)
  }
}

/** The intake answers given with a booking, for the business's view of it. */
/** The intake answers of many bookings in one query, in the order given. */
export async function responsesOfBookings(db: Queryable, bookingIds: number[]) {
  const { rows } = await db.query<{
    bookingId: number
    formId: number
    version: number
    answers: Answers
    definition: FormDefinition
  }>(
    `SELECT r.booking_id AS "bookingId", r.form_id AS "formId", r.version, r.answers, v.definition
       FROM form_responses r JOIN form_versions v ON v.form_id = r.form_id AND v.version = r.version
      WHERE r.booking_id = ANY($1::int[]) ORDER BY r.id`,
    [bookingIds],
  )
  return rows
}
