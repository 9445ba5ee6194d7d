import { openPostgres } from '../../db/postgres'
import { loadLinkKey } from '../../booking/store/link-key'
import { JobRunner } from '../../jobs/runner'
import type { JobPayloads } from '../../jobs/types'
import { notificationJobHandlers } from '../jobs'
import { targetPolicy } from '../webhooks/targets'
import { createMailer } from './transport'

/*
 * One process of the kill -9 test (send-interrupted.test.ts): sends the queued e-mails of the
 * PostgreSQL schema MAIL_TEST_SCHEMA through SMTP_URL, as an API process's job runner would, until
 * it is killed. Its clock starts at CLOCK_MS, which each new process moves on, so the leases of
 * the jobs its killed predecessor held have run out.
 */
async function main() {
  const env = process.env
  const db = await openPostgres(env.DATABASE_URL as string, env.MAIL_TEST_SCHEMA)
  const started = Date.now()
  const now = () => Number(env.CLOCK_MS) + (Date.now() - started)
  const ctx = {
    db,
    siteUrl: 'http://127.0.0.1:8000',
    now,
    linkKey: await loadLinkKey(db, undefined),
  }
  const handlers = notificationJobHandlers(ctx, {
    mailer: createMailer(env.SMTP_URL),
    mailFrom: 'Test Clinic <bookings@clinic.example>',
    webhookTargets: targetPolicy([]),
  })
  const log = {
    warn: (details: object, message: string) => console.error(message, details),
    error: (details: object, message: string) => console.error(message, details),
  }
  new JobRunner<Pick<JobPayloads, 'mail.send'>>({
    db,
    handlers: { 'mail.send': handlers['mail.send'] },
    now,
    log,
    pollMs: 10,
  }).start()
  // The runner's timer does not keep a process alive; this one lives until it is killed.
  setInterval(() => undefined, 60_000)
  console.log('sending')
}

void main()
