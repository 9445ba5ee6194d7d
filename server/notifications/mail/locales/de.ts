import type { MailStrings } from '../strings'

export const de: MailStrings = {
  subject: {
    confirmed: 'Termin bestätigt: {title}',
    requested: 'Termin angefragt: {title}',
    'request-confirmed': 'Ihre Anfrage wurde bestätigt: {title}',
    'request-declined': 'Ihre Anfrage wurde abgelehnt: {title}',
    rescheduled: 'Termin verschoben: {title}',
    cancelled: 'Termin abgesagt: {title}',
    reminder: 'Erinnerung: {title}',
    'payment-due': 'Bitte schließen Sie Ihre Zahlung ab: {title}',
    'hold-expired': 'Reservierung freigegeben: {title}',
  },
  lead: {
    confirmed: 'Ihr Termin am {time} ist gebucht.',
    requested:
      'Wir haben Ihre Anfrage für {time} erhalten. Das Unternehmen meldet sich bei Ihnen, um Ihren Termin zu bestätigen.',
    'request-confirmed': 'Gute Nachricht: Ihr Termin am {time} ist bestätigt.',
    'request-declined': 'Leider konnte Ihr angefragter Termin am {time} nicht angenommen werden.',
    rescheduled: 'Ihr Termin wurde von {previousTime} auf {time} verschoben.',
    cancelled: 'Ihr Termin am {time} wurde abgesagt.',
    reminder: 'Wir erinnern Sie an Ihren Termin am {time}.',
    'payment-due':
      'Ihr Termin am {time} ist bis {until} für Sie reserviert. Bitte schließen Sie Ihre Zahlung bis dahin ab, sonst wird der Termin wieder freigegeben.',
    'hold-expired':
      'Der für Sie reservierte Termin am {time} wurde wieder freigegeben, weil die Zahlung nicht abgeschlossen wurde. Es wurde nichts abgebucht.',
  },
  greeting: 'Hallo {name},',
  guestIntro: 'Sie sind Gast bei diesem Termin.',
  when: 'Datum und Uhrzeit',
  previousTime: 'Bisheriger Termin',
  service: 'Leistung',
  staff: 'Mitarbeiter',
  location: 'Ort',
  people: 'Anzahl der Personen: {guestCount}',
  price: 'Preis',
  deposit: 'Anzahlung',
  paid: 'Bezahlt',
  pay: 'Jetzt bezahlen',
  reason: 'Grund',
  manage: 'Sie können Ihren Termin online verschieben oder absagen:',
  reschedule: 'Verschieben',
  cancel: 'Termin absagen',
  manageClosed:
    'Dieser Termin kann online nicht mehr verschoben oder abgesagt werden. Für eine Änderung wenden Sie sich bitte direkt an {provider}.',
  calendar: 'Mit der angehängten Kalenderdatei tragen Sie den Termin in Ihren Kalender ein.',
  calendarRemoved: 'Mit der angehängten Kalenderdatei wird der Termin aus Ihrem Kalender entfernt.',
  calendarWith: '{services} bei {staff}',
  regards: 'Mit freundlichen Grüßen',
  calendarFailing: {
    subject: 'Kalender kann nicht gelesen werden: {staff}',
    lead: 'Das Buchungssystem konnte einen für {staff} verbundenen Kalender mehrmals hintereinander nicht lesen.',
    address: 'Kalender',
    since: 'Fehler seit',
    error: 'Letzter Fehler',
    meanwhile:
      'Bis er wieder gelesen werden kann, gelten für Buchungen weiterhin die zuletzt gelesenen belegten Zeiten; neue Termine in diesem Kalender werden nicht erkannt.',
    fix: 'Prüfen Sie die Verbindung in der Verwaltung (die Adresse oder ein neues App-Passwort) und gleichen Sie sie dann erneut ab:',
    open: 'Verbundene Kalender öffnen',
    once: 'Sie erhalten diese E-Mail nur einmal, solange der Fehler besteht. Sobald der Kalender wieder gelesen werden kann, ist nichts weiter zu tun.',
    footer: 'Gesendet vom Buchungssystem von {provider}.',
  },
}
