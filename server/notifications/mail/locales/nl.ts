import type { MailStrings } from '../strings'

export const nl: MailStrings = {
  subject: {
    confirmed: 'Afspraak bevestigd: {title}',
    requested: 'Afspraak aangevraagd: {title}',
    'request-confirmed': 'Je aanvraag is bevestigd: {title}',
    'request-declined': 'Je aanvraag is afgewezen: {title}',
    rescheduled: 'Afspraak verzet: {title}',
    cancelled: 'Afspraak geannuleerd: {title}',
    reminder: 'Herinnering: {title}',
    'payment-due': 'Rond je betaling af: {title}',
    'hold-expired': 'Reservering vrijgegeven: {title}',
  },
  lead: {
    confirmed: 'Je afspraak op {time} is ingepland.',
    requested:
      'We hebben je aanvraag voor {time} ontvangen. Het bedrijf neemt contact met je op om je afspraak te bevestigen.',
    'request-confirmed': 'Goed nieuws: je afspraak op {time} is bevestigd.',
    'request-declined': 'Helaas kon je aangevraagde afspraak op {time} niet worden geaccepteerd.',
    rescheduled: 'Je afspraak is verzet van {previousTime} naar {time}.',
    cancelled: 'Je afspraak op {time} is geannuleerd.',
    reminder: 'Dit is een herinnering aan je afspraak op {time}.',
    'payment-due':
      'Je afspraak op {time} is voor je gereserveerd tot {until}. Rond je betaling voor die tijd af, anders komt de tijd weer vrij.',
    'hold-expired':
      'De tijd die voor je was vastgehouden op {time} is weer vrijgegeven, omdat de betaling niet is afgerond. Er is niets afgeschreven.',
  },
  greeting: 'Hallo {name},',
  guestIntro: 'Je bent gast bij deze afspraak.',
  when: 'Datum en tijd',
  previousTime: 'Vorige tijd',
  service: 'Dienst',
  staff: 'Medewerker',
  location: 'Locatie',
  people: 'Aantal personen: {guestCount}',
  price: 'Prijs',
  deposit: 'Aanbetaling',
  paid: 'Betaald',
  pay: 'Nu betalen',
  reason: 'Reden',
  manage: 'Je kunt je afspraak online verzetten of annuleren:',
  reschedule: 'Verzetten',
  cancel: 'Afspraak annuleren',
  manageClosed:
    'Deze afspraak kan niet meer online worden gewijzigd of geannuleerd. Neem voor een wijziging rechtstreeks contact op met {provider}.',
  calendar: 'Met het bijgevoegde agendabestand zet je de afspraak in je agenda.',
  calendarRemoved: 'Met het bijgevoegde agendabestand wordt de afspraak uit je agenda verwijderd.',
  calendarWith: '{services} bij {staff}',
  regards: 'Met vriendelijke groet,',
  calendarFailing: {
    subject: 'Agenda kan niet worden gelezen: {staff}',
    lead: 'Het boekingssysteem kon een agenda die voor {staff} is gekoppeld meerdere keren achter elkaar niet lezen.',
    address: 'Agenda',
    since: 'Mislukt sinds',
    error: 'Laatste fout',
    meanwhile:
      'Tot de agenda weer gelezen kan worden, gebruiken boekingen nog de bezette tijden die het laatst zijn gelezen; nieuwe afspraken in deze agenda worden niet gezien.',
    fix: 'Controleer de koppeling in het dashboard (het adres, of een nieuw app-wachtwoord) en synchroniseer haar daarna opnieuw:',
    open: 'Agenda’s openen',
    once: 'U krijgt deze e-mail één keer zolang de storing duurt. Zodra de agenda weer gelezen kan worden, hoeft u niets meer te doen.',
    footer: 'Verzonden door het boekingssysteem van {provider}.',
  },
}
