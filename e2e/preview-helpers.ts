import { baseUrl } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'

/** A fresh preview token, as an editor's admin tool asks for one. */
export async function previewToken(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/content/preview-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { token: string }).token
}
