import type { MailStrings } from '../strings'

export const da: MailStrings = {
  subject: {
    confirmed: 'Aftale bekræftet: {title}',
    requested: 'Aftale anmodet: {title}',
    'request-confirmed': 'Din anmodning er bekræftet: {title}',
    'request-declined': 'Din anmodning er afvist: {title}',
    rescheduled: 'Aftale flyttet: {title}',
    cancelled: 'Aftale aflyst: {title}',
    reminder: 'Påmindelse: {title}',
    'payment-due': 'Gennemfør din betaling: {title}',
    'hold-expired': 'Reservation frigivet: {title}',
  },
  lead: {
    confirmed: 'Din aftale den {time} er booket.',
    requested:
      'Vi har modtaget din anmodning om {time}. Virksomheden kontakter dig for at bekræfte din aftale.',
    'request-confirmed': 'Gode nyheder: din aftale den {time} er bekræftet.',
    'request-declined': 'Desværre kunne din ønskede aftale den {time} ikke accepteres.',
    rescheduled: 'Din aftale er flyttet fra {previousTime} til {time}.',
    cancelled: 'Din aftale den {time} er aflyst.',
    reminder: 'Dette er en påmindelse om din aftale den {time}.',
    'payment-due':
      'Din aftale den {time} er reserveret til dig indtil {until}. Gennemfør venligst din betaling inden da, ellers frigives tiden igen.',
    'hold-expired':
      'Tiden, vi holdt til dig den {time}, er frigivet igen, fordi betalingen ikke blev gennemført. Der er ikke trukket noget.',
  },
  greeting: 'Hej {name}',
  guestIntro: 'Du er gæst ved denne aftale.',
  when: 'Dato og tidspunkt',
  previousTime: 'Tidligere tidspunkt',
  service: 'Ydelse',
  staff: 'Medarbejder',
  location: 'Sted',
  people: 'Antal personer: {guestCount}',
  price: 'Pris',
  deposit: 'Depositum',
  paid: 'Betalt',
  pay: 'Betal nu',
  reason: 'Årsag',
  manage: 'Du kan flytte eller aflyse din aftale online:',
  reschedule: 'Flyt aftale',
  cancel: 'Aflys aftale',
  manageClosed:
    'Denne aftale kan ikke længere ændres eller aflyses online. Kontakt venligst {provider} direkte, hvis du vil ændre den.',
  calendar: 'Med den vedhæftede kalenderfil kan du tilføje aftalen til din kalender.',
  calendarRemoved: 'Med den vedhæftede kalenderfil fjernes aftalen fra din kalender.',
  calendarWith: '{services} hos {staff}',
  regards: 'Venlig hilsen',
  calendarFailing: {
    subject: 'Kalenderen kan ikke læses: {staff}',
    lead: 'Bookingsystemet har flere gange i træk ikke kunnet læse en kalender, der er forbundet for {staff}.',
    address: 'Kalender',
    since: 'Fejler siden',
    error: 'Seneste fejl',
    meanwhile:
      'Indtil den kan læses igen, bruger bookinger fortsat de optagede tider, der sidst blev læst; nye begivenheder i denne kalender ses ikke.',
    fix: 'Tjek forbindelsen i kontrolpanelet (adressen eller en ny appadgangskode), og synkroniser den derefter igen:',
    open: 'Åbn Kalendere',
    once: 'Du får denne e-mail én gang, så længe fejlen varer. Når kalenderen kan læses igen, skal der ikke gøres mere.',
    footer: 'Sendt af bookingsystemet hos {provider}.',
  },
}
