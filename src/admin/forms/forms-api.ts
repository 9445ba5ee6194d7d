import type {
  FormInput,
  FormList,
  FormPatch,
  FormSaved,
  ResponsePage,
  StoredForm,
} from '../../lib/admin/form-types'
import { defaultApiBaseUrl } from '../../lib/http'
import type { AdminTransport } from '../session/session-api'

/** The Forms screen's calls: the forms and surveys, their editing, and a page of responses. */
export const formsApi = ({ http, guarded }: AdminTransport) => ({
  forms: () => http.get<FormList>('/admin/forms'),
  form: (id: number) => http.get<StoredForm>(`/admin/forms/${id}`),
  createForm: (input: FormInput) => http.post<FormSaved>('/admin/forms', input, guarded()),
  updateForm: (id: number, patch: FormPatch) =>
    http.patch<FormSaved>(`/admin/forms/${id}`, patch, guarded()),
  formResponses: (id: number, before?: number) =>
    http.get<ResponsePage>(`/admin/forms/${id}/responses`, { params: { limit: 50, before } }),
})

/** The CSV of a form's responses, its columns named in `locale`; a plain link, downloaded. */
export function formResponsesCsvUrl(id: number, locale: string): string {
  const base = defaultApiBaseUrl().replace(/\/+$/, '')
  return `${base}/admin/forms/${id}/responses.csv?locale=${encodeURIComponent(locale)}`
}
