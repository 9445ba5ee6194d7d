import type { Saved } from '../../lib/admin/service-types'
import type { AdminTransport } from '../session/session-api'

/**
 * The Embedding screen's one write: the provider's allowed origins, the whole list at once. It
 * reads them with the Services screen's `adminProviders()`.
 */
export const embeddingApi = ({ http, guarded }: AdminTransport) => ({
  saveEmbedOrigins: (providerId: number, embedOrigins: string[]) =>
    http.patch<Saved>(`/admin/providers/${providerId}`, { embedOrigins }, guarded()),
})
