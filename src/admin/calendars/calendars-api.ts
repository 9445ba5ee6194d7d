import type {
  CalendarConnection,
  CalendarConnectionChange,
  CalendarConnectionRequest,
  CalendarFeed,
  StaffCalendars,
} from '../../lib/calendars/api-types'
import type { AdminTransport } from '../session/session-api'

const calendars = (staffId: number) => `/admin/staff/${staffId}/calendars`

/** The Calendars screen's calls: a staff member's calendar connections and their booking feed. */
export const calendarsApi = ({ http, guarded }: AdminTransport) => ({
  staffCalendars: (staffId: number) => http.get<StaffCalendars>(calendars(staffId)),
  /** Answers once the server found the calendars and read them once, which may take seconds. */
  connectCalendar: (staffId: number, request: CalendarConnectionRequest) =>
    http.post<CalendarConnection>(calendars(staffId), request, guarded()),
  changeCalendarConnection: (staffId: number, id: number, change: CalendarConnectionChange) =>
    http.patch<CalendarConnection>(`${calendars(staffId)}/${id}`, change, guarded()),
  /** Answers once the sync is done, with the connection as it left it. */
  syncCalendarConnection: (staffId: number, id: number) =>
    http.post<CalendarConnection>(`${calendars(staffId)}/${id}/sync`, {}, guarded()),
  removeCalendarConnection: (staffId: number, id: number) =>
    http.delete<void>(`${calendars(staffId)}/${id}`, guarded()),
  /** A new secret in the feed's address: the old address stops working. */
  rotateCalendarFeed: (staffId: number) =>
    http.post<CalendarFeed>(`/admin/staff/${staffId}/calendar-feed`, {}, guarded()),
})
