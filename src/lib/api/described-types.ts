import type {
  AdminBooking,
  AdminSession,
  AdminStaff,
  ApiKey,
  AuditPage,
  BookingPage,
  CreatedApiKey,
} from '../admin/api-types'
import type { AdminStatus } from '../admin/status-types'
import type { BookingLinks, BookingView, CreatedBooking, SlotsResponse } from '../booking/api-types'
import type { ErrorObject } from '../http/error-object'
import type { components, paths } from './openapi-types'

/**
 * The payload types the dashboard and the widget are written against, checked against the API's
 * published description (openapi-types.ts, written by `npm run api:client`): `npm run typecheck`
 * fails when the two disagree either way. What the server builds must fit the description, and
 * what the description promises must fit what the clients read.
 */

/** The JSON body a route answers with a status. */
type Answer<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number,
> = paths[Path][Method] extends { responses: infer Responses }
  ? Status extends keyof Responses
    ? Responses[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never

type Agree<Ours, Described> = [Ours] extends [Described]
  ? [Described] extends [Ours]
    ? true
    : false
  : false
type Holds<Check extends true> = Check

/** A booking as its visitor gets it (made, or read with the manage link): with its links. */
type VisitorBooking = BookingView & { links: BookingLinks }

export type DescribedTypesAgree = [
  Holds<
    Agree<ErrorObject, Omit<components['schemas']['ErrorObject'], 'fields' | 'currentVersion'>>
  >,
  Holds<Agree<SlotsResponse, Answer<'/api/services/{service}/slots', 'get', 200>>>,
  Holds<
    Agree<
      Omit<CreatedBooking, 'booking'> & { booking: VisitorBooking },
      Answer<'/api/bookings', 'post', 201>
    >
  >,
  Holds<Agree<VisitorBooking, Answer<'/api/bookings/manage/{token}', 'get', 200>['booking']>>,
  Holds<Agree<AdminBooking, Answer<'/api/admin/bookings/{id}', 'get', 200>['booking']>>,
  Holds<Agree<BookingPage, Answer<'/api/admin/bookings', 'get', 200>>>,
  Holds<Agree<ApiKey[], Answer<'/api/admin/api-keys', 'get', 200>>>,
  Holds<Agree<AdminSession, Answer<'/api/admin/session', 'get', 200>>>,
  Holds<Agree<AdminStaff[], Answer<'/api/admin/staff', 'get', 200>>>,
  Holds<Agree<AuditPage, Answer<'/api/admin/audit', 'get', 200>>>,
  Holds<Agree<AdminStatus, Answer<'/api/admin/status', 'get', 200>>>,
  Holds<Agree<CreatedApiKey, Answer<'/api/admin/api-keys', 'post', 201>>>,
]
