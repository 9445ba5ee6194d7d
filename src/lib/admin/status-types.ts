/**
 * A path this server takes for testing instead of the real thing: card payments through the
 * embedded test provider (PAYMENT_PROVIDER=local), e-mails kept in the local outbox
 * (MAIL_TRANSPORT=outbox, or no SMTP_URL), the demo clinic loaded into an empty database
 * (SEED_DEMO).
 */
export type TestPath = 'payments' | 'mail' | 'demo'

/** `GET /api/admin/status`: what the dashboard warns about on every screen. */
export interface AdminStatus {
  testPaths: TestPath[]
}
