import type {
  AdminProvider,
  AdminService,
  Saved,
  SavedVersion,
  ServiceChanges,
  ServiceSettings,
} from '../../lib/admin/service-types'
import type { AdminTransport } from '../session/session-api'

/**
 * The Services screen's calls; the providers and services lists serve the Staff screen too. The
 * intake-form picker reads the Forms screen's `forms()`.
 */
export const servicesApi = ({ http, guarded }: AdminTransport) => ({
  adminServices: () => http.get<AdminService[]>('/admin/services'),
  adminProviders: () => http.get<AdminProvider[]>('/admin/providers'),
  createService: (settings: ServiceSettings) =>
    http.post<Saved>('/admin/services', settings, guarded()),
  updateService: (id: number, changes: ServiceChanges) =>
    http.patch<SavedVersion>(`/admin/services/${id}`, changes, guarded()),
})
