/** One e-mail of the local outbox (`GET /api/admin/outbox`), as the server rendered it. */
export interface OutboxMessage {
  id: number
  bookingId: number
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
