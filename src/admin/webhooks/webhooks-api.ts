import type {
  CreatedWebhookEndpoint,
  DeliveryPage,
  NewWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointChange,
} from '../../lib/admin/webhook-types'
import type { AdminTransport } from '../session/session-api'

/** The Webhooks screen's calls: a provider's endpoints, their delivery log, and a resend. */
export const webhooksApi = ({ http, guarded }: AdminTransport) => ({
  webhooks: (providerId: number) =>
    http.get<{ endpoints: WebhookEndpoint[] }>(`/admin/providers/${providerId}/webhooks`),
  createWebhook: (providerId: number, endpoint: NewWebhookEndpoint) =>
    http.post<CreatedWebhookEndpoint>(
      `/admin/providers/${providerId}/webhooks`,
      endpoint,
      guarded(),
    ),
  changeWebhook: (id: number, change: WebhookEndpointChange) =>
    http.patch<WebhookEndpoint>(`/admin/webhooks/${id}`, change, guarded()),
  deleteWebhook: (id: number) => http.delete<void>(`/admin/webhooks/${id}`, guarded()),
  webhookDeliveries: (id: number, before?: number) =>
    http.get<DeliveryPage>(`/admin/webhooks/${id}/deliveries`, { params: { limit: 20, before } }),
  resendDelivery: (id: number) =>
    http.post<{ id: number; state: 'pending' }>(
      `/admin/webhook-deliveries/${id}/resend`,
      {},
      guarded(),
    ),
})
