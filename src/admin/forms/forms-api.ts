import type { FormList, ResponsePage, StoredForm } from '../../lib/admin/form-types'
import { defaultApiBaseUrl } from '../../lib/http'
import type { AdminTransport } from '../api'

/** The Forms screen's calls: the forms and surveys, and a page of one's responses. */
export const formsApi = ({ http }: AdminTransport) => ({
  forms: () => http.get<FormList>('/admin/forms'),
  form: (id: number) => http.get<StoredForm>(`/admin/forms/${id}`),
  formResponses: (id: number, before?: number) =>
    http.get<ResponsePage>(`/admin/forms/${id}/responses`, { params: { limit: 50, before } }),
})

/** The CSV of a form's responses, its columns named in `locale`; a plain link, downloaded. */
export function formResponsesCsvUrl(id: number, locale: string): string {
  const base = defaultApiBaseUrl().replace(/\/+$/, '')
  return `${base}/admin/forms/${id}/responses.csv?locale=${encodeURIComponent(locale)}`
}
