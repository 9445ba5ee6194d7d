import type { MailStrings } from '../strings'

export const hu: MailStrings = {
  subject: {
    confirmed: 'Időpont visszaigazolva: {title}',
    requested: 'Időpont kérve: {title}',
    'request-confirmed': 'Kérését visszaigazolták: {title}',
    'request-declined': 'Kérését elutasították: {title}',
    rescheduled: 'Időpont áthelyezve: {title}',
    cancelled: 'Időpont lemondva: {title}',
    reminder: 'Emlékeztető: {title}',
    'payment-due': 'Fejezze be a fizetést: {title}',
    'hold-expired': 'Foglalás feloldva: {title}',
  },
  lead: {
    confirmed: 'Az Ön időpontja lefoglalva: {time}.',
    requested:
      'Megkaptuk kérését a következő időpontra: {time}. A vállalkozás felveszi Önnel a kapcsolatot az időpont visszaigazolásához.',
    'request-confirmed': 'Jó hír: az Ön időpontja visszaigazolva: {time}.',
    'request-declined': 'Sajnos a kért időpontot ({time}) nem tudták elfogadni.',
    rescheduled: 'Időpontját áthelyeztük: {previousTime} helyett {time}.',
    cancelled: 'Az Ön időpontját ({time}) lemondták.',
    reminder: 'Emlékeztetjük közelgő időpontjára: {time}.',
    'payment-due':
      'Az Ön időpontját ({time}) eddig tartjuk fenn: {until}. Kérjük, addig fejezze be a fizetést, különben az időpont felszabadul.',
    'hold-expired':
      'Az Önnek fenntartott időpontot ({time}) feloldottuk, mert a fizetés nem fejeződött be. Semmilyen összeget nem terheltünk.',
  },
  greeting: 'Kedves {name}!',
  guestIntro: 'Ön vendégként vesz részt ezen az időponton.',
  when: 'Dátum és idő',
  previousTime: 'Korábbi időpont',
  service: 'Szolgáltatás',
  staff: 'Munkatárs',
  location: 'Helyszín',
  people: 'Személyek száma: {guestCount}',
  price: 'Ár',
  deposit: 'Előleg',
  paid: 'Kifizetve',
  pay: 'Fizetés most',
  reason: 'Indok',
  manage: 'Időpontját online áthelyezheti vagy lemondhatja:',
  reschedule: 'Áthelyezés',
  cancel: 'Időpont lemondása',
  manageClosed:
    'Ez az időpont online már nem módosítható és nem mondható le. Módosításhoz kérjük, forduljon közvetlenül ehhez: {provider}.',
  calendar: 'A csatolt naptárfájllal felveheti az időpontot a naptárába.',
  calendarRemoved: 'A csatolt naptárfájl eltávolítja az időpontot a naptárából.',
  calendarWith: '{services} – {staff}',
  regards: 'Üdvözlettel:',
  calendarFailing: {
    subject: 'A naptár nem olvasható: {staff}',
    lead: 'A foglalási rendszer többször egymás után nem tudott beolvasni egy naptárat, amelyet ehhez a munkatárshoz csatlakoztattak: {staff}.',
    address: 'Naptár',
    since: 'Hiba kezdete',
    error: 'Utolsó hiba',
    meanwhile:
      'Amíg újra be nem olvasható, a foglalások továbbra is a legutóbb beolvasott foglalt időket veszik figyelembe; a naptár új eseményei nem látszanak.',
    fix: 'Ellenőrizze a kapcsolatot a vezérlőpulton (a címet vagy egy új alkalmazásjelszót), majd szinkronizálja újra:',
    open: 'Naptárak megnyitása',
    once: 'Ezt az e-mailt csak egyszer kapja meg, amíg a hiba fennáll. Amint a naptár újra beolvasható, nincs további teendő.',
    footer: 'Ezt az üzenetet a foglalási rendszer küldte: {provider}.',
  },
}
