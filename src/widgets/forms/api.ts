import type { FormDefinition } from '../../lib/forms/definition'
import type { FormResponseCreated, FormResponseRequest } from '../../lib/forms/response-request'
import { createHttpClient, defaultApiBaseUrl } from '../../lib/http'

/** A published form or survey, as `GET /api/forms/:idOrSlug` gives it. */
export interface PublicForm {
  id: number
  slug: string
  kind: 'form' | 'survey'
  version: number
  definition: FormDefinition
}

const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

export const fetchForm = (idOrSlug: string) =>
  http.get<PublicForm>(`/forms/${encodeURIComponent(idOrSlug)}`)

/** The questions a service asks on the booking's details step, published as a form or not. */
export const fetchIntakeForm = (id: number) => http.get<PublicForm>(`/intake-forms/${id}`)

export const postResponse = (formId: number, body: FormResponseRequest) =>
  http.post<FormResponseCreated>(`/forms/${formId}/responses`, body)
