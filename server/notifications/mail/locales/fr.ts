import type { MailStrings } from '../strings'

export const fr: MailStrings = {
  subject: {
    confirmed: 'Rendez-vous confirmé : {title}',
    requested: 'Rendez-vous demandé : {title}',
    'request-confirmed': 'Votre demande a été confirmée : {title}',
    'request-declined': 'Votre demande a été refusée : {title}',
    rescheduled: 'Rendez-vous déplacé : {title}',
    cancelled: 'Rendez-vous annulé : {title}',
    reminder: 'Rappel : {title}',
    'payment-due': 'Finalisez votre paiement : {title}',
    'hold-expired': 'Réservation libérée : {title}',
  },
  lead: {
    confirmed: 'Votre rendez-vous du {time} est planifié.',
    requested:
      'Nous avons bien reçu votre demande pour le {time}. L’établissement vous contactera pour confirmer votre rendez-vous.',
    'request-confirmed': 'Bonne nouvelle : votre rendez-vous du {time} est confirmé.',
    'request-declined':
      'Malheureusement, le rendez-vous que vous avez demandé pour le {time} n’a pas pu être accepté.',
    rescheduled: 'Votre rendez-vous a été déplacé du {previousTime} au {time}.',
    cancelled: 'Votre rendez-vous du {time} a été annulé.',
    reminder: 'Nous vous rappelons votre rendez-vous du {time}.',
    'payment-due':
      'Votre rendez-vous du {time} vous est réservé jusqu’au {until}. Veuillez finaliser votre paiement d’ici là, sinon le créneau sera libéré.',
    'hold-expired':
      'Le créneau du {time} qui vous était réservé a été libéré, car le paiement n’a pas été finalisé. Aucun montant n’a été débité.',
  },
  greeting: 'Bonjour {name},',
  guestIntro: 'Vous êtes invité à ce rendez-vous.',
  when: 'Date et heure',
  previousTime: 'Horaire précédent',
  service: 'Prestation',
  staff: 'Intervenant',
  location: 'Lieu',
  people: 'Nombre de personnes : {guestCount}',
  price: 'Prix',
  deposit: 'Acompte',
  paid: 'Payé',
  pay: 'Payer maintenant',
  reason: 'Motif',
  manage: 'Vous pouvez déplacer ou annuler votre rendez-vous en ligne :',
  reschedule: 'Déplacer',
  cancel: 'Annuler le rendez-vous',
  manageClosed:
    'Ce rendez-vous ne peut plus être modifié ni annulé en ligne. Pour le modifier, veuillez contacter directement {provider}.',
  calendar: 'Le fichier de calendrier joint ajoute le rendez-vous à votre agenda.',
  calendarRemoved: 'Le fichier de calendrier joint retire le rendez-vous de votre agenda.',
  calendarWith: '{services} avec {staff}',
  regards: 'Cordialement,',
  calendarFailing: {
    subject: 'Impossible de lire l’agenda : {staff}',
    lead: 'Le système de réservation n’a pas pu lire, plusieurs fois de suite, un agenda connecté pour {staff}.',
    address: 'Agenda',
    since: 'En échec depuis',
    error: 'Dernière erreur',
    meanwhile:
      'Tant qu’il ne peut pas être relu, les réservations utilisent toujours les plages occupées lues en dernier ; les nouveaux événements de cet agenda ne sont pas vus.',
    fix: 'Vérifiez la connexion dans le tableau de bord (l’adresse, ou un nouveau mot de passe d’application), puis synchronisez-la à nouveau :',
    open: 'Ouvrir Agendas',
    once: 'Vous recevez cet e-mail une seule fois tant que l’échec dure. Dès que l’agenda peut de nouveau être lu, il n’y a rien d’autre à faire.',
    footer: 'Envoyé par le système de réservation de {provider}.',
  },
}
