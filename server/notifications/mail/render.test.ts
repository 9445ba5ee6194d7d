import { VISITOR_MESSAGES, type VisitorMessage } from '../rules'
import {
  escapeHtml,
  renderBusinessMail,
  renderCalendarFailingMail,
  renderVisitorMail,
  type MailFacts,
} from './render'

const facts: MailFacts = {
  providerName: 'Test Clinic',
  services: ['Consultation'],
  staff: ['Anna'],
  location: 'Room 1',
  // 10:00 in Berlin.
  start: '2030-03-05T09:00:00.000Z',
  timeZone: 'Europe/Berlin',
  people: 1,
  totalCents: 5000,
  depositCents: 0,
  paidCents: 0,
  currency: 'EUR',
}
const links = {
  reschedule: 'https://clinic.example/en/widget/bookings/consult?reschedule=TOKEN',
  cancel: 'https://clinic.example/en/widget/cancel-booking?token=TOKEN',
}
const previousStart = '2030-03-04T15:30:00.000Z'
// 07:30 in Berlin.
const holdExpiresAt = '2030-03-04T06:30:00.000Z'

function visitorMail(kind: VisitorMessage, locale: 'en' | 'de', reason?: string) {
  return renderVisitorMail({
    kind,
    audience: 'visitor',
    locale,
    recipientName: 'Ana Silva',
    facts,
    details:
      kind === 'rescheduled'
        ? { previousStart }
        : kind === 'payment-due'
          ? { holdExpiresAt }
          : reason
            ? { reason }
            : {},
    links,
    calendar: ['cancelled', 'request-declined', 'hold-expired'].includes(kind)
      ? 'CANCEL'
      : 'PUBLISH',
  })
}

const leadOf = (text: string) => text.split('\n\n')[1]

describe('the visitor’s e-mails', () => {
  it('says what happened, in English, with the time in the visitor’s zone', () => {
    const expected: Record<VisitorMessage, [string, string]> = {
      confirmed: [
        'Appointment confirmed: Consultation',
        'Your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) is scheduled.',
      ],
      requested: [
        'Appointment requested: Consultation',
        'We have received your request for Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin). ' +
          'The business will contact you to confirm your appointment.',
      ],
      'request-confirmed': [
        'Your request was confirmed: Consultation',
        'Good news: your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) is confirmed.',
      ],
      'request-declined': [
        'Your request was declined: Consultation',
        'Unfortunately, your requested appointment on Tuesday, March 5, 2030, 10:00 AM ' +
          '(Europe/Berlin) could not be accepted.',
      ],
      rescheduled: [
        'Appointment rescheduled: Consultation',
        'Your appointment has been moved from Monday, March 4, 2030, 4:30 PM (Europe/Berlin) to ' +
          'Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin).',
      ],
      cancelled: [
        'Appointment cancelled: Consultation',
        'Your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) has been cancelled.',
      ],
      reminder: [
        'Reminder: Consultation',
        'This is a reminder of your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin).',
      ],
      'payment-due': [
        'Complete your payment: Consultation',
        'Your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) is reserved for you ' +
          'until Monday, March 4, 2030, 7:30 AM (Europe/Berlin). Please complete your payment by ' +
          'then, or the time will be released.',
      ],
      'hold-expired': [
        'Reservation released: Consultation',
        'The time held for you on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) has been ' +
          'released because the payment was not completed. Nothing was charged.',
      ],
    }
    for (const kind of VISITOR_MESSAGES) {
      const mail = visitorMail(kind, 'en')
      expect([mail.subject, leadOf(mail.text)]).toEqual(expected[kind])
    }
  })

  it('says it in German for a booking made in German', () => {
    const expected: Record<VisitorMessage, [string, string]> = {
      confirmed: [
        'Termin bestätigt: Consultation',
        'Ihr Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) ist gebucht.',
      ],
      requested: [
        'Termin angefragt: Consultation',
        'Wir haben Ihre Anfrage für Dienstag, 5. März 2030, 10:00 (Europe/Berlin) erhalten. ' +
          'Das Unternehmen meldet sich bei Ihnen, um Ihren Termin zu bestätigen.',
      ],
      'request-confirmed': [
        'Ihre Anfrage wurde bestätigt: Consultation',
        'Gute Nachricht: Ihr Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) ist bestätigt.',
      ],
      'request-declined': [
        'Ihre Anfrage wurde abgelehnt: Consultation',
        'Leider konnte Ihr angefragter Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) ' +
          'nicht angenommen werden.',
      ],
      rescheduled: [
        'Termin verschoben: Consultation',
        'Ihr Termin wurde von Montag, 4. März 2030, 16:30 (Europe/Berlin) auf Dienstag, ' +
          '5. März 2030, 10:00 (Europe/Berlin) verschoben.',
      ],
      cancelled: [
        'Termin abgesagt: Consultation',
        'Ihr Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) wurde abgesagt.',
      ],
      reminder: [
        'Erinnerung: Consultation',
        'Wir erinnern Sie an Ihren Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin).',
      ],
      'payment-due': [
        'Bitte schließen Sie Ihre Zahlung ab: Consultation',
        'Ihr Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) ist bis Montag, 4. März 2030, ' +
          '07:30 (Europe/Berlin) für Sie reserviert. Bitte schließen Sie Ihre Zahlung bis dahin ab, ' +
          'sonst wird der Termin wieder freigegeben.',
      ],
      'hold-expired': [
        'Reservierung freigegeben: Consultation',
        'Der für Sie reservierte Termin am Dienstag, 5. März 2030, 10:00 (Europe/Berlin) wurde ' +
          'wieder freigegeben, weil die Zahlung nicht abgeschlossen wurde. Es wurde nichts abgebucht.',
      ],
    }
    for (const kind of VISITOR_MESSAGES) {
      const mail = visitorMail(kind, 'de')
      expect([mail.subject, leadOf(mail.text)]).toEqual(expected[kind])
    }
  })

  it('writes the whole plain-text part: details, price, reason, links and calendar note', () => {
    expect(visitorMail('cancelled', 'en', 'I feel better').text).toBe(
      [
        'Hello Ana Silva,',
        '',
        'Your appointment on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) has been cancelled.',
        '',
        'Date and time: Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin)',
        'Service:       Consultation',
        'Staff:         Anna',
        'Location:      Room 1',
        'Price:         €50.00',
        'Reason:        I feel better',
        '',
        'You can reschedule or cancel your appointment online:',
        `Reschedule: ${links.reschedule}`,
        `Cancel appointment: ${links.cancel}`,
        '',
        // Its calendar file cancels the event: the note says so, not that it adds it.
        'The attached calendar file removes the appointment from your calendar.',
        '',
        'Kind regards,',
        'Test Clinic',
        '',
      ].join('\n'),
    )
  })

  it('shows the party size with the spec’s {guestCount}, and a deposit beside the price', () => {
    const mail = renderVisitorMail({
      kind: 'confirmed',
      audience: 'visitor',
      locale: 'de',
      recipientName: 'Ana',
      facts: { ...facts, people: 3, totalCents: 9000, depositCents: 2000 },
      details: {},
      links,
      calendar: 'PUBLISH',
    })
    expect(mail.text).toContain('\n\nAnzahl der Personen: 3\n\n')
    // German writes the euro sign after a no-break space.
    expect(mail.text).toContain(
      'Preis:             90,00\u00a0€\nAnzahlung:         20,00\u00a0€\n',
    )
  })

  it('says what was paid instead of the deposit once the visitor has paid', () => {
    const mail = renderVisitorMail({
      kind: 'confirmed',
      audience: 'visitor',
      locale: 'de',
      recipientName: 'Ana',
      facts: { ...facts, totalCents: 9000, depositCents: 2000, paidCents: 2000 },
      details: {},
      links,
      calendar: 'PUBLISH',
    })
    expect(mail.text).toContain(
      'Preis:             90,00\u00a0€\nBezahlt:           20,00\u00a0€\n',
    )
    expect(mail.text).not.toContain('Anzahlung')
  })

  it('leads the payment-due e-mail with the link to pay, then the manage links', () => {
    const pay = 'https://clinic.example/en/widget/verifyPayment?token=TOKEN'
    const mail = renderVisitorMail({
      kind: 'payment-due',
      audience: 'visitor',
      locale: 'en',
      recipientName: 'Ana',
      facts: { ...facts, totalCents: 9000, depositCents: 2000 },
      details: { holdExpiresAt },
      links: { ...links, pay },
      calendar: 'PUBLISH',
    })
    expect(mail.text).toContain(
      `You can reschedule or cancel your appointment online:\nPay now: ${pay}\nReschedule: ${links.reschedule}\n`,
    )
    expect(mail.html).toContain(`<a href="${pay}">Pay now</a>`)
    // Other e-mails do not offer a payment.
    expect(visitorMail('confirmed', 'en').text).not.toContain('Pay now')
  })

  it('gives a guest their own copy: their name, no manage links', () => {
    const mail = renderVisitorMail({
      kind: 'confirmed',
      audience: 'guest',
      locale: 'en',
      recipientName: 'Bo',
      facts,
      details: {},
      calendar: 'PUBLISH',
    })
    expect(mail.text.startsWith('Hello Bo,\n\nYou are a guest at this appointment.\n\n')).toBe(true)
    expect(mail.text).not.toContain('TOKEN')
    expect(mail.html).not.toContain('href')
  })

  it('escapes everything a visitor or the business typed in the HTML part', () => {
    const mail = renderVisitorMail({
      kind: 'cancelled',
      audience: 'visitor',
      locale: 'en',
      recipientName: '<img src=x onerror=alert(1)>',
      facts: { ...facts, services: ['Massage & "Spa"'], providerName: '<b>Clinic</b>' },
      details: { reason: '</td><script>alert(1)</script>' },
      links: { ...links, cancel: 'https://clinic.example/x?token="><script>' },
      calendar: 'CANCEL',
    })
    expect(mail.html).not.toMatch(/<(img|script|b)\b/)
    expect(mail.html).toContain('<p>Hello &lt;img src=x onerror=alert(1)&gt;,</p>')
    expect(mail.html).toContain(
      '<title>Appointment cancelled: Massage &amp; &quot;Spa&quot;</title>',
    )
    expect(mail.html).toContain('&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).toContain('href="https://clinic.example/x?token=&quot;&gt;&lt;script&gt;"')
    // The plain-text part shows what was typed, as typed.
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,')
  })

  it('keeps a subject on one line whatever a service is called', () => {
    const mail = renderVisitorMail({
      kind: 'confirmed',
      audience: 'visitor',
      locale: 'en',
      recipientName: 'Ana',
      facts: { ...facts, services: ['Massage\r\nBcc: victim@example.com'] },
      details: {},
      calendar: 'PUBLISH',
    })
    expect(mail.subject).toBe('Appointment confirmed: Massage Bcc: victim@example.com')
  })
})

describe('the business’s e-mails', () => {
  const mail = (kind: Parameters<typeof renderBusinessMail>[0]['kind'], reason?: string) =>
    renderBusinessMail({
      kind,
      facts: { ...facts, people: 2 },
      details: kind === 'business-rescheduled' ? { previousStart } : reason ? { reason } : {},
      timeZone: 'Europe/Berlin',
      contact: { name: 'Ana Silva', email: 'ana@example.com', phone: '+49 30 901820' },
      guests: [{ name: 'Bo', email: 'bo@example.com' }],
      dashboardUrl: 'https://clinic.example/en/admin/?booking=7',
    })

  it('names each new booking, request, reschedule and cancellation in its subject', () => {
    const at = 'Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin)'
    expect(mail('business-booked').subject).toBe(`New booking: Consultation, ${at}`)
    expect(mail('business-requested').subject).toBe(`New request to confirm: Consultation, ${at}`)
    expect(mail('business-rescheduled').subject).toBe(`Booking rescheduled: Consultation, ${at}`)
    expect(mail('business-cancelled').subject).toBe(`Booking cancelled: Consultation, ${at}`)
  })

  it('tells the business whom to expect and how to reach them', () => {
    expect(mail('business-cancelled', 'Ill').text).toBe(
      [
        'The appointment of Ana Silva on Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin) has been cancelled.',
        '',
        'Date and time:    Tuesday, March 5, 2030, 10:00 AM (Europe/Berlin)',
        'Service:          Consultation',
        'Staff:            Anna',
        'Location:         Room 1',
        'Number of people: 2',
        'Price:            €50.00',
        'Booked by:        Ana Silva',
        'Email:            ana@example.com',
        'Phone:            +49 30 901820',
        'Guest:            Bo <bo@example.com>',
        'Reason:           Ill',
        '',
        'See the booking and act on it in the dashboard:',
        'Open the booking: https://clinic.example/en/admin/?booking=7',
        '',
        'Sent by the booking system of Test Clinic.',
        '',
      ].join('\n'),
    )
    expect(mail('business-rescheduled').text).toContain(
      'Previous time:    Monday, March 4, 2030, 4:30 PM (Europe/Berlin)\n',
    )
  })

  it('links to the booking in the dashboard, where the business acts on it', () => {
    const booked = mail('business-booked')
    expect(booked.text).toContain('Open the booking: https://clinic.example/en/admin/?booking=7\n')
    expect(booked.html).toContain(
      '<a href="https://clinic.example/en/admin/?booking=7">Open the booking</a>',
    )
  })
})

describe('the e-mail about a calendar connection that keeps failing', () => {
  const failing = (locale: 'en' | 'de', error = 'cal.example.com answered with status 503.') =>
    renderCalendarFailingMail({
      locale,
      staffName: 'Anna',
      providerName: 'Test Clinic',
      address: 'https://cal.example.com/dav/calendars/anna/',
      // 10:05 in Berlin.
      failingSince: '2030-03-05T09:05:00.000Z',
      timeZone: 'Europe/Berlin',
      error,
      calendarsUrl: 'https://clinic.example/en/admin/calendars/?staffId=3',
    })

  it('says which calendar, since when, the error, what happens meanwhile and where to fix it', () => {
    const mail = failing('en')
    expect(mail.subject).toBe('Calendar cannot be read: Anna')
    expect(mail.text).toBe(
      [
        'The booking system has failed several times in a row to read a calendar connected for Anna.',
        '',
        'Until it can be read again, bookings still use the busy times read last; new events in this calendar are not seen.',
        '',
        'Calendar:      https://cal.example.com/dav/calendars/anna/',
        'Failing since: Tuesday, March 5, 2030, 10:05 AM (Europe/Berlin)',
        'Last error:    cal.example.com answered with status 503.',
        '',
        'Check the connection in the dashboard (the address, or a new app password), then sync it again:',
        'Open Calendars: https://clinic.example/en/admin/calendars/?staffId=3',
        '',
        'You get this e-mail once while the failure lasts. Once the calendar can be read again, nothing else needs to be done.',
        '',
        'Sent by the booking system of Test Clinic.',
        '',
      ].join('\n'),
    )
    expect(mail.html).toContain(
      '<a href="https://clinic.example/en/admin/calendars/?staffId=3">Open Calendars</a>',
    )
  })

  it('is written in the language asked for, and escapes the error in the HTML part', () => {
    const mail = failing('de', '<b>refused</b>')
    expect(mail.subject).toBe('Kalender kann nicht gelesen werden: Anna')
    expect(mail.html).toContain('<html lang="de">')
    expect(mail.html).toContain('&lt;b&gt;refused&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>refused</b>')
  })
})

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('the manage links of a booking inside its deadlines', () => {
  const sameDay = (
    locale: 'en' | 'de',
    open: { reschedule: string | null; cancel: string | null },
  ) =>
    renderVisitorMail({
      kind: 'confirmed',
      audience: 'visitor',
      locale,
      recipientName: 'Ana Silva',
      facts,
      details: {},
      links: open,
      calendar: 'PUBLISH',
    })

  it('says changes are no longer possible online, and whom to contact, instead of the links', () => {
    const mail = sameDay('en', { reschedule: null, cancel: null })
    expect(mail.text).toContain(
      'This appointment can no longer be changed or cancelled online. To change it, please ' +
        'contact Test Clinic directly.',
    )
    expect(mail.text).not.toContain('Reschedule')
    expect(mail.text).not.toContain('Cancel appointment')
    expect(mail.html).not.toContain('<a href')
    expect(sameDay('de', { reschedule: null, cancel: null }).text).toContain(
      'Dieser Termin kann online nicht mehr verschoben oder abgesagt werden.',
    )
  })

  it('lists only the change still possible', () => {
    const mail = sameDay('en', { reschedule: null, cancel: links.cancel })
    expect(mail.text).toContain(`Cancel appointment: ${links.cancel}`)
    expect(mail.text).not.toContain('Reschedule:')
  })
})
