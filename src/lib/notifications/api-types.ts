/** One e-mail of the local outbox (`GET /api/admin/outbox`), as the server rendered it. */
export interface OutboxMessage {
  id: number
  /** Null for the one e-mail about no booking: a staff member's calendar keeps failing. */
  bookingId: number | null
  kind: string
  to: string
  subject: string
  text: string
  html: string
  sentAt: string
}

/** A page of the outbox, newest first; `next` is the `before` of the following page. */
export interface OutboxPage {
  messages: OutboxMessage[]
  next: number | null
}
