import type { MailStrings } from '../strings'

export const it: MailStrings = {
  subject: {
    confirmed: 'Appuntamento confermato: {title}',
    requested: 'Appuntamento richiesto: {title}',
    'request-confirmed': 'La tua richiesta è stata confermata: {title}',
    'request-declined': 'La tua richiesta è stata rifiutata: {title}',
    rescheduled: 'Appuntamento spostato: {title}',
    cancelled: 'Appuntamento annullato: {title}',
    reminder: 'Promemoria: {title}',
    'payment-due': 'Completa il pagamento: {title}',
    'hold-expired': 'Prenotazione rilasciata: {title}',
  },
  lead: {
    confirmed: 'Il tuo appuntamento di {time} è programmato.',
    requested:
      'Abbiamo ricevuto la tua richiesta per {time}. L’attività ti contatterà per confermare il tuo appuntamento.',
    'request-confirmed': 'Buone notizie: il tuo appuntamento di {time} è confermato.',
    'request-declined':
      'Purtroppo l’appuntamento che hai richiesto per {time} non è stato accettato.',
    rescheduled: 'Il tuo appuntamento è stato spostato da {previousTime} a {time}.',
    cancelled: 'Il tuo appuntamento di {time} è stato annullato.',
    reminder: 'Ti ricordiamo il tuo appuntamento di {time}.',
    'payment-due':
      'Il tuo appuntamento di {time} è riservato per te fino a {until}. Completa il pagamento entro quel momento, altrimenti l’orario verrà liberato.',
    'hold-expired':
      'L’orario di {time} riservato per te è stato liberato perché il pagamento non è stato completato. Non ti è stato addebitato nulla.',
  },
  greeting: 'Ciao {name},',
  guestIntro: 'Sei ospite di questo appuntamento.',
  when: 'Data e ora',
  previousTime: 'Orario precedente',
  service: 'Servizio',
  staff: 'Operatore',
  location: 'Luogo',
  people: 'Numero di persone: {guestCount}',
  price: 'Prezzo',
  deposit: 'Acconto',
  paid: 'Pagato',
  pay: 'Paga ora',
  reason: 'Motivo',
  manage: 'Puoi spostare o annullare il tuo appuntamento online:',
  reschedule: 'Sposta',
  cancel: 'Annulla appuntamento',
  manageClosed:
    'Questo appuntamento non può più essere modificato o annullato online. Per modificarlo, contatta direttamente {provider}.',
  calendar: 'Il file di calendario allegato aggiunge l’appuntamento al tuo calendario.',
  calendarRemoved: 'Il file di calendario allegato rimuove l’appuntamento dal tuo calendario.',
  calendarWith: '{services} con {staff}',
  regards: 'Cordiali saluti,',
  calendarFailing: {
    subject: 'Impossibile leggere il calendario: {staff}',
    lead: 'Il sistema di prenotazione non è riuscito più volte di seguito a leggere un calendario collegato per {staff}.',
    address: 'Calendario',
    since: 'In errore dal',
    error: 'Ultimo errore',
    meanwhile:
      'Finché non potrà essere letto di nuovo, le prenotazioni continuano a usare gli orari occupati letti l’ultima volta; i nuovi eventi in questo calendario non vengono visti.',
    fix: 'Controlla la connessione nel pannello (l’indirizzo o una nuova password per app), poi sincronizzala di nuovo:',
    open: 'Apri Calendari',
    once: 'Ricevi questa e-mail una sola volta finché il problema persiste. Appena il calendario potrà essere letto di nuovo, non serve fare altro.',
    footer: 'Inviato dal sistema di prenotazione di {provider}.',
  },
}
