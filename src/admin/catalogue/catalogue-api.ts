import type {
  AdminGroup,
  AdminServiceMenu,
  CatalogueService,
  CreatedOneTimeLink,
  GroupInput,
  GroupPatch,
  NewOneTimeLink,
  OneTimeLinkPage,
  ServiceMenuInput,
  ServiceMenuPatch,
} from '../../lib/admin/catalogue-types'
import type { AdminTransport } from '../session/session-api'

/** The catalogue screens' calls: service menus, groups, one-time links (owner and admin). */
export const catalogueApi = ({ http, guarded }: AdminTransport) => ({
  serviceChoices: () => http.get<CatalogueService[]>('/admin/service-choices'),

  serviceMenus: () => http.get<AdminServiceMenu[]>('/admin/service-menus'),
  createServiceMenu: (menu: ServiceMenuInput) =>
    http.post<{ id: number }>('/admin/service-menus', menu, guarded()),
  updateServiceMenu: (id: number, patch: ServiceMenuPatch) =>
    http.patch<{ id: number }>(`/admin/service-menus/${id}`, patch, guarded()),
  deleteServiceMenu: (id: number) => http.delete<void>(`/admin/service-menus/${id}`, guarded()),

  groups: () => http.get<AdminGroup[]>('/admin/groups'),
  createGroup: (group: GroupInput) => http.post<{ id: number }>('/admin/groups', group, guarded()),
  updateGroup: (id: number, patch: GroupPatch) =>
    http.patch<{ id: number }>(`/admin/groups/${id}`, patch, guarded()),
  deleteGroup: (id: number) => http.delete<void>(`/admin/groups/${id}`, guarded()),

  oneTimeLinks: (before?: number) =>
    http.get<OneTimeLinkPage>('/admin/one-time-links', { params: { limit: 50, before } }),
  createOneTimeLink: (link: NewOneTimeLink) =>
    http.post<CreatedOneTimeLink>('/admin/one-time-links', link, guarded()),
})
