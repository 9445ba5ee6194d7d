import type {
  CalendarConnection,
  CalendarErrorCode,
  CalendarFeed,
  ConnectedCalendar,
  StaffCalendars,
} from '../../src/lib/calendars/api-types'
import { Joi } from '../../src/lib/validation/joi'

/** The calendar connections' answers (src/lib/calendars/api-types.ts); never a password. */

const ERROR_CODES = [
  'calendar_address_refused',
  'calendar_unreachable',
  'calendar_unauthorized',
  'calendar_not_found',
  'calendar_password_unreadable',
] as const satisfies readonly CalendarErrorCode[]

const calendarSchema = Joi.object<ConnectedCalendar, true>({
  url: Joi.string().required().description("The calendar's address, its id within the connection"),
  name: Joi.string().required(),
  color: Joi.string().allow(null).required().description('#rrggbb, when the server says one'),
  checked: Joi.boolean().required().description("Its busy times remove the staff member's slots"),
  receivesBookings: Joi.boolean()
    .required()
    .description('New bookings are written into it (one per connection at most)'),
}).label('ConnectedCalendar')

export const calendarConnectionSchema = Joi.object<CalendarConnection, true>({
  id: Joi.number().integer().required(),
  kind: Joi.string().valid('caldav', 'ics').required(),
  url: Joi.string().required().description('The server or feed address, without credentials'),
  username: Joi.string()
    .allow(null)
    .required()
    .description('The CalDAV user name; null for a feed'),
  calendars: Joi.array().items(calendarSchema).required(),
  state: Joi.string()
    .valid('ok', 'failing')
    .required()
    .description('failing: the last sync failed, and the busy times read before are still used'),
  lastSyncedAt: Joi.string().isoDate().allow(null).required(),
  lastError: Joi.string()
    .allow(null)
    .required()
    .description("Why the last sync failed, in the calendar server's words"),
  lastErrorCode: Joi.string()
    .valid(...ERROR_CODES)
    .allow(null)
    .required(),
  failures: Joi.number().integer().required().description('Failed syncs in a row'),
  busyCount: Joi.number()
    .integer()
    .required()
    .description('Busy intervals held for the coming weeks'),
}).label('CalendarConnection')

export const calendarFeedSchema = Joi.object<CalendarFeed, true>({
  url: Joi.string().required().description('https://…/api/staff/{id}/calendar.ics?token=…'),
  webcal: Joi.string().required().description('The same as webcal://…, for calendar apps'),
})
  .label('CalendarFeed')
  .description("A staff member's private feed of their appointments")

export const staffCalendarsSchema = Joi.object<StaffCalendars, true>({
  connections: Joi.array().items(calendarConnectionSchema).required(),
  feed: calendarFeedSchema.required(),
}).label('StaffCalendars')
