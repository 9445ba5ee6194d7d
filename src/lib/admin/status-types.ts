/**
 * A path this server takes for testing instead of the real thing: card payments through the
 * embedded test provider (PAYMENT_PROVIDER=local), e-mails kept in the local outbox
 * (MAIL_TRANSPORT=outbox, or no SMTP_URL), the demo clinic loaded into an empty database
 * (SEED_DEMO).
 */
export type TestPath = 'payments' | 'mail' | 'demo'

/**
 * Whether the site shows what the dashboard holds (server/site/rebuild-queue.ts): `current`, it
 * does; `queued`, a change waits a few seconds for the next before its build starts; `building`,
 * a build runs since `since` (`queued`: a later change waits for the next one); `failed`, the
 * last build failed at `lastFailedAt` and the site shows the content from before. `deploy`: this
 * server builds nothing (production, or a site folder given by PUBLIC_DIR), the site changes with
 * the next `npm run build` and restart.
 */
export interface SiteBuildStatus {
  state: 'current' | 'queued' | 'building' | 'failed' | 'deploy'
  /** ISO 8601: when the waiting change was made, or when the running build started. */
  since?: string
  queued: boolean
  /** ISO 8601: when the last build failed, while no later one has succeeded. */
  lastFailedAt?: string
}

/** `GET /api/admin/status`: what the dashboard warns about on every screen. */
export interface AdminStatus {
  testPaths: TestPath[]
  site: SiteBuildStatus
}
