import { formatPrice } from '../../../src/lib/format'
import { formatDateTime } from '../../../src/lib/format/booking'
import { DEFAULT_LOCALE, languageTagOf, type Locale } from '../../../src/lib/locale/locales'
import type { BusinessMessage, MessageDetails, VisitorMessage } from '../rules'
import { BUSINESS_STRINGS } from './business-strings'
import { MAIL_STRINGS, type MailStrings } from './strings'

/**
 * Renders each e-mail as a subject, a plain-text part and an HTML part from the booking's facts:
 * pure, so every message is tested with exact strings. Every value is escaped in the HTML; none
 * is trusted as markup.
 */

/** What a message says about a booking, in the default language and UTC. */
export interface MailFacts {
  providerName: string
  /** Localized names of the services booked, in order. */
  services: string[]
  staff: string[]
  location: string
  start: string
  timeZone: string
  /** The party's size, when more than the visitor comes. */
  people: number
  totalCents: number
  depositCents: number
  /** What the visitor has paid, net of refunds; 0 when nothing was paid. */
  paidCents: number
  currency: string
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export interface VisitorMail {
  kind: VisitorMessage
  /** A guest's copy names the guest and carries no one else's details and no manage links. */
  audience: 'visitor' | 'guest'
  locale: Locale
  recipientName: string
  facts: MailFacts
  details: MessageDetails
  /** `pay` is where a held booking's visitor completes the payment (the payment-due e-mail). */
  links?: { reschedule: string | null; cancel: string | null; pay?: string }
  /** What the attached calendar file does: the closing note says the same. */
  calendar: 'PUBLISH' | 'CANCEL'
}

export interface BusinessMail {
  kind: BusinessMessage
  facts: MailFacts
  details: MessageDetails
  /** The provider's own zone: the business reads its appointments in local time. */
  timeZone: string
  contact: { name: string; email?: string; phone?: string; notes?: string }
  guests: { name: string; email: string }[]
  /** The booking opened in the dashboard, where the business acts on it. */
  dashboardUrl: string
}

/** What the e-mail about a failing calendar connection says (calendar-failing.ts). */
export interface CalendarFailingMail {
  locale: Locale
  staffName: string
  providerName: string
  /** The connection's address as the e-mail may show it: no credentials, no feed secret. */
  address: string
  /** The first failed read of the streak (ISO 8601), shown in `timeZone`, the business's. */
  failingSince: string
  timeZone: string
  error: string
  /** The dashboard's Calendars screen, on this staff member. */
  calendarsUrl: string
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** Fills `{name}` placeholders; unknown ones stay as written, so a typo shows in the tests. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

/** Subjects are one line whatever a name holds: no header can be smuggled in. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim()

const when = (iso: string, timeZone: string, locale: Locale) =>
  `${formatDateTime(iso, timeZone, languageTagOf(locale))} (${timeZone})`

type Row = [label: string, value: string]

interface Layout {
  subject: string
  /** Paragraphs before the table: greeting, lead, notes. */
  intro: string[]
  rows: Row[]
  /** The links (manage, pay, dashboard), after a sentence saying what they do. */
  links?: { intro: string; list: { label: string; url: string }[] }
  outro: string[]
}

function toText(layout: Layout): string {
  const width = Math.max(...layout.rows.map(([label]) => label.length))
  return [
    ...layout.intro.map((paragraph) => `${paragraph}\n`),
    ...layout.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    ...(layout.links
      ? [layout.links.intro, ...layout.links.list.map((l) => `${l.label}: ${l.url}`), '']
      : []),
    ...layout.outro.map((paragraph, index) => (index > 0 ? `\n${paragraph}` : paragraph)),
  ]
    .join('\n')
    .concat('\n')
}

function toHtml(layout: Layout, lang: string): string {
  const paragraphs = (list: string[]) =>
    list.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')
  const rows = layout.rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n')
  const links = layout.links
    ? `<p>${escapeHtml(layout.links.intro)}<br>\n` +
      layout.links.list
        .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
        .join(' · ') +
      '</p>'
    : ''
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    paragraphs(layout.intro),
    `<table role="presentation">\n${rows}\n</table>`,
    links,
    paragraphs(layout.outro),
    '</body></html>',
  ]
    .filter(Boolean)
    .join('\n')
    .concat('\n')
}

function render(layout: Layout, lang: string): RenderedMail {
  return { subject: layout.subject, text: toText(layout), html: toHtml(layout, lang) }
}

/** The price, then what was paid, or else the deposit due. */
function priceRows(
  facts: MailFacts,
  labels: { price: string; deposit: string; paid: string },
  tag: string,
) {
  const rows: Row[] = [[labels.price, formatPrice(facts.totalCents, facts.currency, tag)]]
  if (facts.paidCents > 0) {
    rows.push([labels.paid, formatPrice(facts.paidCents, facts.currency, tag)])
  } else if (facts.depositCents > 0) {
    rows.push([labels.deposit, formatPrice(facts.depositCents, facts.currency, tag)])
  }
  return rows
}

/**
 * The visitor's links: those the booking's policy still allows (the view leaves out the others);
 * with none left, a sentence saying so and whom to contact instead of a link that would refuse.
 */
function linksBlock(
  mail: VisitorMail,
  links: NonNullable<VisitorMail['links']>,
  words: MailStrings,
): NonNullable<Layout['links']> {
  const pay = mail.kind === 'payment-due' && links.pay ? [{ label: words.pay, url: links.pay }] : []
  const manage = [
    ...(links.reschedule ? [{ label: words.reschedule, url: links.reschedule }] : []),
    ...(links.cancel ? [{ label: words.cancel, url: links.cancel }] : []),
  ]
  return manage.length > 0
    ? { intro: words.manage, list: [...pay, ...manage] }
    : { intro: fill(words.manageClosed, { provider: mail.facts.providerName }), list: pay }
}

/** A message to the visitor or one of their guests, in the booking's language. */
export function renderVisitorMail(mail: VisitorMail): RenderedMail {
  const words = MAIL_STRINGS[mail.locale]
  const { facts, details, locale } = mail
  const tag = languageTagOf(locale)
  const time = when(facts.start, facts.timeZone, locale)
  const previousTime = details.previousStart && when(details.previousStart, facts.timeZone, locale)
  const until = details.holdExpiresAt && when(details.holdExpiresAt, facts.timeZone, locale)
  const title = facts.services.join(', ')
  const rows: Row[] = [[words.when, time]]
  if (previousTime) rows.push([words.previousTime, previousTime])
  rows.push([words.service, title], [words.staff, facts.staff.join(', ')])
  if (facts.location) rows.push([words.location, facts.location])
  rows.push(...priceRows(facts, words, tag))
  if (details.reason) rows.push([words.reason, details.reason])
  return render(
    {
      subject: oneLine(fill(words.subject[mail.kind], { title })),
      intro: [
        fill(words.greeting, { name: mail.recipientName }),
        ...(mail.audience === 'guest' ? [words.guestIntro] : []),
        fill(words.lead[mail.kind], { time, previousTime: previousTime ?? '', until: until ?? '' }),
        ...(facts.people > 1 ? [fill(words.people, { guestCount: facts.people })] : []),
      ],
      rows,
      links: mail.links ? linksBlock(mail, mail.links, words) : undefined,
      outro: [
        mail.calendar === 'CANCEL' ? words.calendarRemoved : words.calendar,
        `${words.regards}\n${facts.providerName}`,
      ],
    },
    tag,
  )
}

/** The business's message about a booking, with whom to expect and how to reach them. */
export function renderBusinessMail(mail: BusinessMail): RenderedMail {
  const words = BUSINESS_STRINGS
  const { facts, details } = mail
  const tag = languageTagOf(DEFAULT_LOCALE)
  const time = when(facts.start, mail.timeZone, DEFAULT_LOCALE)
  const title = facts.services.join(', ')
  const rows: Row[] = [[words.when, time]]
  if (details.previousStart) {
    rows.push([words.previousTime, when(details.previousStart, mail.timeZone, DEFAULT_LOCALE)])
  }
  rows.push([words.service, title], [words.staff, facts.staff.join(', ')])
  if (facts.location) rows.push([words.location, facts.location])
  rows.push([words.people, String(facts.people)], ...priceRows(facts, words, tag))
  rows.push([words.contact, mail.contact.name])
  if (mail.contact.email) rows.push([words.email, mail.contact.email])
  if (mail.contact.phone) rows.push([words.phone, mail.contact.phone])
  if (mail.contact.notes) rows.push([words.notes, mail.contact.notes])
  for (const guest of mail.guests) rows.push([words.guest, `${guest.name} <${guest.email}>`])
  if (details.reason) rows.push([words.reason, details.reason])
  return render(
    {
      subject: oneLine(fill(words.subject[mail.kind], { title, time })),
      intro: [fill(words.lead[mail.kind], { name: mail.contact.name, time })],
      rows,
      links: { intro: words.dashboard, list: [{ label: words.open, url: mail.dashboardUrl }] },
      outro: [fill(words.footer, { provider: facts.providerName })],
    },
    tag,
  )
}

/** A staff member's calendar connection keeps failing: which, since when, and where to fix it. */
export function renderCalendarFailingMail(mail: CalendarFailingMail): RenderedMail {
  const words = MAIL_STRINGS[mail.locale].calendarFailing
  const names = { staff: mail.staffName, provider: mail.providerName }
  return render(
    {
      subject: oneLine(fill(words.subject, names)),
      intro: [fill(words.lead, names), words.meanwhile],
      rows: [
        [words.address, mail.address],
        [words.since, when(mail.failingSince, mail.timeZone, mail.locale)],
        [words.error, mail.error],
      ],
      links: { intro: words.fix, list: [{ label: words.open, url: mail.calendarsUrl }] },
      outro: [words.once, fill(words.footer, names)],
    },
    languageTagOf(mail.locale),
  )
}
