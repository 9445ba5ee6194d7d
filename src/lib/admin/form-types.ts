import type { Answers, FormDefinition } from '../forms/definition'

/**
 * Forms and surveys as the admin API gives them (`/api/admin/forms`), shared by the server and
 * the dashboard's Forms screen.
 */
export type FormKind = 'form' | 'survey'

/** A new form or survey (`POST /api/admin/forms`). */
export interface FormInput {
  slug: string
  kind: FormKind
  published?: boolean
  definition: FormDefinition
}

/** A change to one (`PATCH /api/admin/forms/:id`): a new definition becomes a new version. */
export type FormPatch = Partial<Omit<FormInput, 'kind'>>

/** What the server answers a create or an edit with: the form and its current version. */
export interface FormSaved {
  id: number
  version: number
}

export interface StoredForm {
  id: number
  slug: string
  kind: FormKind
  published: boolean
  version: number
  definition: FormDefinition
}

/** A form in the list (`GET /api/admin/forms`), with how many responses it has had. */
export interface FormSummary extends StoredForm {
  responses: number
}

export interface FormList {
  forms: FormSummary[]
}

export interface StoredResponse {
  id: number
  version: number
  answers: Answers
  locale: string
  bookingId: number | null
  createdAt: string
}

/** A page of a form's responses, newest first; `next` is the `before` of the next page. */
export interface ResponsePage {
  responses: StoredResponse[]
  next: number | null
}
