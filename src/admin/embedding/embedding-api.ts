import type { SavedVersion } from '../../lib/admin/service-types'
import type { AdminTransport } from '../session/session-api'

/**
 * The Embedding screen's one write: the provider's allowed origins, the whole list at once. It
 * reads them with the Services screen's `adminProviders()`.
 */
export const embeddingApi = ({ http, guarded }: AdminTransport) => ({
  /** From the provider's `version` as read: refused (409) once another save came first. */
  saveEmbedOrigins: (providerId: number, embedOrigins: string[], version: number) =>
    http.patch<SavedVersion>(
      `/admin/providers/${providerId}`,
      { embedOrigins, version },
      guarded(),
    ),
})
