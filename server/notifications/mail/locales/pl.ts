import type { MailStrings } from '../strings'

export const pl: MailStrings = {
  subject: {
    confirmed: 'Wizyta potwierdzona: {title}',
    requested: 'Prośba o wizytę: {title}',
    'request-confirmed': 'Twoja prośba została potwierdzona: {title}',
    'request-declined': 'Twoja prośba została odrzucona: {title}',
    rescheduled: 'Wizyta przełożona: {title}',
    cancelled: 'Wizyta odwołana: {title}',
    reminder: 'Przypomnienie: {title}',
    'payment-due': 'Dokończ płatność: {title}',
    'hold-expired': 'Rezerwacja zwolniona: {title}',
  },
  lead: {
    confirmed: 'Twoja wizyta w dniu {time} jest zaplanowana.',
    requested:
      'Otrzymaliśmy Twoją prośbę o wizytę w dniu {time}. Firma skontaktuje się z Tobą, aby potwierdzić wizytę.',
    'request-confirmed': 'Dobra wiadomość: Twoja wizyta w dniu {time} jest potwierdzona.',
    'request-declined': 'Niestety nie można było przyjąć wizyty, o którą prosiłeś, w dniu {time}.',
    rescheduled: 'Twoja wizyta została przeniesiona z {previousTime} na {time}.',
    cancelled: 'Twoja wizyta w dniu {time} została odwołana.',
    reminder: 'Przypominamy o Twojej wizycie w dniu {time}.',
    'payment-due':
      'Twoja wizyta w dniu {time} jest zarezerwowana dla Ciebie do {until}. Dokończ płatność przed tym terminem, w przeciwnym razie termin zostanie zwolniony.',
    'hold-expired':
      'Termin zarezerwowany dla Ciebie w dniu {time} został zwolniony, ponieważ płatność nie została dokończona. Nie pobrano żadnej opłaty.',
  },
  greeting: 'Dzień dobry {name},',
  guestIntro: 'Jesteś gościem tej wizyty.',
  when: 'Data i godzina',
  previousTime: 'Poprzedni termin',
  service: 'Usługa',
  staff: 'Specjalista',
  location: 'Miejsce',
  people: 'Liczba osób: {guestCount}',
  price: 'Cena',
  deposit: 'Zaliczka',
  paid: 'Zapłacono',
  pay: 'Zapłać teraz',
  reason: 'Powód',
  manage: 'Możesz przełożyć lub odwołać wizytę online:',
  reschedule: 'Przełóż',
  cancel: 'Odwołaj wizytę',
  manageClosed:
    'Tej wizyty nie można już zmienić ani odwołać online. Aby ją zmienić, skontaktuj się bezpośrednio z {provider}.',
  calendar: 'Załączony plik kalendarza doda wizytę do Twojego kalendarza.',
  calendarRemoved: 'Załączony plik kalendarza usunie wizytę z Twojego kalendarza.',
  calendarWith: '{services} – {staff}',
  regards: 'Pozdrawiamy,',
  calendarFailing: {
    subject: 'Nie można odczytać kalendarza: {staff}',
    lead: 'System rezerwacji kilka razy z rzędu nie zdołał odczytać kalendarza połączonego dla osoby: {staff}.',
    address: 'Kalendarz',
    since: 'Błędy od',
    error: 'Ostatni błąd',
    meanwhile:
      'Dopóki nie da się go znowu odczytać, rezerwacje nadal korzystają z zajętych terminów odczytanych ostatnio; nowe wydarzenia w tym kalendarzu nie są widoczne.',
    fix: 'Sprawdź połączenie w panelu (adres albo nowe hasło aplikacji), a następnie zsynchronizuj je ponownie:',
    open: 'Otwórz Kalendarze',
    once: 'Tę wiadomość otrzymujesz tylko raz, dopóki trwa awaria. Gdy kalendarz znów da się odczytać, nie trzeba nic więcej robić.',
    footer: 'Wysłane przez system rezerwacji firmy {provider}.',
  },
}
