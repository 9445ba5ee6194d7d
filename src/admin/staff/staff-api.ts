import type { SavedStaff } from '../../lib/admin/api-types'
import type { NewStaffMember, StaffChanges } from '../../lib/admin/service-types'
import type { AdminTransport } from '../session/session-api'

/** The Staff screen's writes; the list is `staff()`, which the availability screen reads too. */
export const staffApi = ({ http, guarded }: AdminTransport) => ({
  createStaffMember: (member: NewStaffMember) =>
    http.post<SavedStaff>('/admin/staff', member, guarded()),
  updateStaffMember: (id: number, changes: StaffChanges) =>
    http.patch<SavedStaff>(`/admin/staff/${id}`, changes, guarded()),
})
