import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../../lib/admin/api-types'
import type { AdminTransport } from '../session/session-api'

/** The API keys screen's calls: the keys, a new one (its key answered this once), a revoke. */
export const apiKeysApi = ({ http, guarded }: AdminTransport) => ({
  apiKeys: () => http.get<ApiKey[]>('/admin/api-keys'),
  createApiKey: (request: CreateApiKeyRequest) =>
    http.post<CreatedApiKey>('/admin/api-keys', request, guarded()),
  revokeApiKey: (id: number) => http.delete<void>(`/admin/api-keys/${id}`, guarded()),
})
