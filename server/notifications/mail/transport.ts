import nodemailer from 'nodemailer'

/** One e-mail as the transports take it. */
export interface OutgoingMail {
  /** `<unique@domain>`, the same on every attempt, so a repeat can be recognised as one. */
  messageId: string
  from: string
  to: string
  subject: string
  text: string
  html: string
  /** The booking's calendar file, attached as `appointment.ics`; none without a booking. */
  ics?: string
}

/**
 * Where e-mail goes: through an SMTP server (SMTP_URL), or, the embedded default outside
 * production and MAIL_TRANSPORT=outbox in it, into the local outbox (stored by the caller with the
 * message it composed, readable at GET /api/admin/outbox). server/config.ts makes the choice: its
 * `smtpUrl` is unset whenever the outbox is.
 * Both compose the message with nodemailer, so the outbox holds exactly what SMTP would send.
 */
export type Mailer =
  | { kind: 'smtp'; send(mail: OutgoingMail): Promise<void> }
  | { kind: 'outbox'; compose(mail: OutgoingMail): Promise<string> }

function message(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments:
      mail.ics === undefined
        ? []
        : [
            {
              filename: 'appointment.ics',
              content: mail.ics,
              // The MIME type names the file's own METHOD (RFC 6047): CANCEL removes the entry.
              contentType: `text/calendar; charset=utf-8; method=${/^METHOD:(\w+)/m.exec(mail.ics)?.[1] ?? 'PUBLISH'}`,
            },
          ],
  }
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (smtpUrl) {
    // Nodemailer waits minutes by default; a stuck server must not hold a job (or a shutdown,
    // which waits for the running job) that long. A slow send fails and is retried.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(message(mail))
      },
    }
  }
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    kind: 'outbox',
    async compose(mail) {
      const info = await composer.sendMail(message(mail))
      return (info.message as Buffer).toString('utf8')
    },
  }
}

/**
 * Whether an SMTP failure is for good (a 5xx answer: no such mailbox, refused): retrying would
 * only repeat it. Connection errors and 4xx answers are worth another try.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500
}
