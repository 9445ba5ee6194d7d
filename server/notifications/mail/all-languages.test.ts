import crypto from 'node:crypto'
import fs from 'node:fs'
import type { BookingStatus, BookingView, PaymentView } from '../../../src/lib/booking/api-types'
import type { ServiceTranslations } from '../../../src/lib/booking/api-types'
import { LOCALES, type Locale } from '../../../src/lib/locale/locales'
import {
  allowedSegments,
  untranslatedSegments,
  type SameInEveryLanguage,
} from '../../../src/lib/locale/untranslated'
import { DEMO_SETUP_FILE } from '../../booking/seed'
import { sealManageToken } from '../../booking/store/manage-token'
import { VISITOR_MESSAGES, type MessageDetails, type VisitorMessage } from '../rules'
import { PARTY_START, partyLine, partyView } from '../test-support'
import { renderCalendarFailingMail } from './render'
import { compose, type Composed, type MessageRow } from './send'

/*
 * Issue 28's all-languages walk over the e-mails: every message a visitor or a guest is sent, in
 * every variant that changes its words, rendered the way sendMessage renders it, in each of the
 * eleven languages. Any piece of the subject, the text, the HTML or the calendar entry's summary
 * and description that is equal to the English e-mail's is a string the translation forgot,
 * unless it is below. The e-mail telling a staff member their calendar keeps failing is walked
 * too. The business's own e-mails are not: providers have no language setting, so they are
 * written in the default language only (business-strings.ts).
 */

interface DemoService {
  slug: string
  name: string
  location: string
  priceCents: number
  depositCents?: number
  translations: ServiceTranslations
}
interface DemoProvider {
  slug: string
  name: string
  email: string
  phone: string
  services: DemoService[]
  staff: { name: string }[]
}

// The demo clinic's own data, with its services' real translations.
const demo = (JSON.parse(fs.readFileSync(DEMO_SETUP_FILE, 'utf8')) as { providers: DemoProvider[] })
  .providers[0] as DemoProvider
const serviceOf = (slug: string) => demo.services.find((service) => service.slug === slug)!
const [lena, , ana] = demo.staff.map((member) => member.name) as [string, string, string]
const visitorBooks = serviceOf('shockwave-therapy')
const guestBooks = serviceOf('sports-massage')

const REASON = 'Dr. Vogel is away at a congress that week.'
const CALENDAR_ADDRESS = 'https://dav.example.com/calendars/lena/'
const CALENDAR_ERROR = 'dav.example.com answered with status 503.'

/** What is the same in every language, and why. Nothing else may be left as English has it. */
const SAME_IN_EVERY_LANGUAGE: SameInEveryLanguage = {
  [demo.name]: 'the clinic’s name (a brand), signing every e-mail and titling the calendar entry',
  [lena]: 'the name of the visitor’s staff member',
  [ana]: 'the name of the guest’s staff member',
  [visitorBooks.location]: 'the place, as the clinic writes it (an address)',
  [REASON]: 'a reason the clinic typed when declining or cancelling, sent as written',
  [CALENDAR_ADDRESS]: 'the address of the staff member’s calendar connection',
  [CALENDAR_ERROR]: 'the calendar’s failure as the connection records it (the dashboard shows it)',
}
const shownAsIs = allowedSegments(SAME_IN_EVERY_LANGUAGE)
const allowed = (segment: string) => shownAsIs.has(segment)

/** Sofia and her guest Bo at the demo clinic, each with a service and a staff member of their own. */
function demoParty(status: BookingStatus, variant: Variant): BookingView {
  const paid: PaymentView = {
    id: 1,
    provider: 'local',
    status: 'paid',
    currency: 'EUR',
    totalAmount: visitorBooks.priceCents + guestBooks.priceCents,
    dueNowAmount: visitorBooks.depositCents ?? 0,
    paidAmount: visitorBooks.depositCents ?? 0,
    refundedAmount: 0,
    termsVersion: '1',
    termsAcceptedAt: '2030-03-01T08:00:00.000Z',
  }
  const open = variant === 'open'
  return partyView({
    status,
    location: visitorBooks.location,
    provider: { slug: demo.slug, name: demo.name, email: demo.email, phone: demo.phone },
    contact: { firstName: 'Sofia', lastName: 'Lindqvist', email: 'sofia@example.com' },
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    lines: [
      [visitorBooks, lena, 'Sofia Lindqvist'] as const,
      [guestBooks, ana, 'Bo Berg'] as const,
    ].map(([service, staffName, guestName], guestIndex) =>
      partyLine(guestIndex, {
        guestName,
        serviceName: service.name,
        serviceTranslations: service.translations,
        staffName,
        priceCents: service.priceCents,
        depositCents: service.depositCents ?? 0,
      }),
    ),
    totalCents: visitorBooks.priceCents + guestBooks.priceCents,
    depositCents: visitorBooks.depositCents ?? 0,
    holdExpiresAt: status === 'held' ? HOLD_EXPIRES_AT : null,
    // Open: both links and a deposit due. Closed: paid, and nothing left to change online.
    policy: {
      rescheduleUntil: null,
      cancelUntil: null,
      canReschedule: open,
      canCancel: open,
      refund: { policy: 'full_before_cutoff', until: '2030-03-04T09:00:00.000Z' },
    },
    payment: open ? null : paid,
  })
}

const HOLD_EXPIRES_AT = '2030-03-04T06:30:00.000Z'

/** The booking's state when each message is sent (as sendMessage reads it). */
const STATUS_WHEN_SENT: Record<VisitorMessage, BookingStatus> = {
  confirmed: 'confirmed',
  requested: 'requested',
  'request-confirmed': 'confirmed',
  'request-declined': 'declined',
  rescheduled: 'confirmed',
  cancelled: 'cancelled',
  reminder: 'confirmed',
  'payment-due': 'held',
  'hold-expired': 'expired',
}

/** What each message's event recorded (server/notifications/rules.ts). */
const DETAILS: Record<VisitorMessage, MessageDetails> = {
  confirmed: {},
  requested: {},
  'request-confirmed': {},
  'request-declined': { reason: REASON },
  rescheduled: { previousStart: '2030-03-04T15:30:00.000Z' },
  cancelled: { reason: REASON },
  reminder: { start: PARTY_START },
  'payment-due': { holdExpiresAt: HOLD_EXPIRES_AT },
  'hold-expired': {},
}

/** Guests hear neither of a payment due nor of a hold that ran out (queue.ts). */
const VISITOR_ONLY: VisitorMessage[] = ['payment-due', 'hold-expired']

type Variant = 'open' | 'closed'

interface Scenario {
  kind: VisitorMessage
  audience: 'visitor' | 'guest'
  variant: Variant
}

const scenarios: Scenario[] = VISITOR_MESSAGES.flatMap((kind) => [
  { kind, audience: 'visitor' as const, variant: 'open' as const },
  { kind, audience: 'visitor' as const, variant: 'closed' as const },
  ...(VISITOR_ONLY.includes(kind)
    ? []
    : [{ kind, audience: 'guest' as const, variant: 'open' as const }]),
])

const ctx = { siteUrl: 'https://harbor-physio.example', linkKey: crypto.randomBytes(32) }
const token = crypto.randomBytes(32).toString('base64url')

function mailIn(locale: Locale, { kind, audience, variant }: Scenario): Composed {
  const message: MessageRow = {
    id: 1,
    bookingId: 7,
    kind,
    audience,
    recipient: audience === 'guest' ? 'bo@example.com' : 'sofia@example.com',
    details: DETAILS[kind],
    messageId: '<walk@harbor-physio.example>',
  }
  return compose(
    ctx,
    message,
    { view: demoParty(STATUS_WHEN_SENT[kind], variant), serviceSlug: visitorBooks.slug },
    {
      id: 7,
      locale,
      sealedToken: sealManageToken(ctx.linkKey, token),
      providerTimeZone: 'Europe/Berlin',
      version: 3,
    },
  )
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/** What a reader of the HTML part sees: its text between tags, entities decoded. */
const htmlText = (html: string) =>
  html
    .split(/<[^>]*>/)
    .map((text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity))

/** The calendar entries' SUMMARY and DESCRIPTION, unfolded and unescaped (RFC 5545). */
function calendarText(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter((line) => /^(SUMMARY|DESCRIPTION)[:;]/.test(line))
    .map((line) =>
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1'),
    )
}

const textsOf = ({ rendered, ics }: Composed) => [
  rendered.subject,
  rendered.text,
  ...htmlText(rendered.html),
  ...calendarText(ics),
]

const nameOf = ({ kind, audience, variant }: Scenario) => `${kind} (${audience}, ${variant})`

/** The e-mail to Lena, whose calendar keeps failing, as calendar-failing.ts composes it. */
function calendarFailingIn(locale: Locale): string[] {
  const { subject, text, html } = renderCalendarFailingMail({
    locale,
    staffName: lena,
    providerName: demo.name,
    address: CALENDAR_ADDRESS,
    failingSince: '2030-03-04T06:05:00.000Z',
    timeZone: 'Europe/Berlin',
    error: CALENDAR_ERROR,
    calendarsUrl: `${ctx.siteUrl}/${locale}/admin/calendars/?staffId=1`,
  })
  return [subject, text, ...htmlText(html)]
}

/** Each forgotten string as "locale · message: string". */
function forgotten(locale: Locale): string[] {
  return [
    ...scenarios.flatMap((scenario) =>
      untranslatedSegments(
        textsOf(mailIn('en', scenario)),
        textsOf(mailIn(locale, scenario)),
        allowed,
      ).map((text) => `${locale} · ${nameOf(scenario)}: ${text}`),
    ),
    ...untranslatedSegments(calendarFailingIn('en'), calendarFailingIn(locale), allowed).map(
      (text) => `${locale} · calendar-failing: ${text}`,
    ),
  ]
}

describe('every e-mail in every language', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    'leaves nothing in English in %s but names and addresses',
    (locale) => {
      expect(forgotten(locale)).toEqual([])
    },
  )

  it('reads every part a visitor sees: subject, text, HTML and calendar entry', () => {
    const mail = mailIn('de', { kind: 'confirmed', audience: 'visitor', variant: 'open' })
    const texts = textsOf(mail).join('\n')
    expect(texts).toContain(mail.rendered.subject)
    // The HTML's own words, the links' labels, and the calendar's summary and description.
    expect(htmlText(mail.rendered.html).join('')).toContain('Termin absagen')
    expect(calendarText(mail.ics)).toEqual([
      `Stoßwellentherapie, Sportmassage · ${demo.name}`,
      expect.stringMatching(
        /^Stoßwellentherapie, Sportmassage bei Dr\. Lena Vogel, Ana Costa\n\nVerschieben: https:/,
      ),
    ])
  })

  it('would find a language left in English, piece by piece', () => {
    // English against itself: everything not allowed is reported, so a forgotten string is too.
    const found = [
      ...scenarios.flatMap((scenario) =>
        untranslatedSegments(
          textsOf(mailIn('en', scenario)),
          textsOf(mailIn('en', scenario)),
          allowed,
        ),
      ),
      ...untranslatedSegments(calendarFailingIn('en'), calendarFailingIn('en'), allowed),
    ]
    for (const text of [
      'Appointment confirmed',
      'Shockwave therapy',
      'Sports massage',
      'Nothing was charged.',
      'Kind regards',
      'Cancel appointment',
      'Sports massage with Ana Costa',
      'Last error',
      'Open Calendars',
    ]) {
      expect(found).toContain(text)
    }
    expect(found).not.toContain(demo.name)
    expect(found).not.toContain(CALENDAR_ERROR)
  })
})
