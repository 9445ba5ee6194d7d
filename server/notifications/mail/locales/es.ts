import type { MailStrings } from '../strings'

export const es: MailStrings = {
  subject: {
    confirmed: 'Cita confirmada: {title}',
    requested: 'Cita solicitada: {title}',
    'request-confirmed': 'Tu solicitud ha sido confirmada: {title}',
    'request-declined': 'Tu solicitud ha sido rechazada: {title}',
    rescheduled: 'Cita reprogramada: {title}',
    cancelled: 'Cita cancelada: {title}',
    reminder: 'Recordatorio: {title}',
    'payment-due': 'Completa tu pago: {title}',
    'hold-expired': 'Reserva liberada: {title}',
  },
  lead: {
    confirmed: 'Tu cita del {time} está programada.',
    requested:
      'Hemos recibido tu solicitud para el {time}. El negocio se pondrá en contacto contigo para confirmar tu cita.',
    'request-confirmed': 'Buenas noticias: tu cita del {time} está confirmada.',
    'request-declined':
      'Lamentablemente, no se ha podido aceptar la cita que solicitaste para el {time}.',
    rescheduled: 'Tu cita se ha trasladado del {previousTime} al {time}.',
    cancelled: 'Tu cita del {time} ha sido cancelada.',
    reminder: 'Te recordamos tu cita del {time}.',
    'payment-due':
      'Tu cita del {time} está reservada para ti hasta el {until}. Completa el pago antes de esa hora o la cita quedará libre de nuevo.',
    'hold-expired':
      'La hora que te reservamos el {time} ha quedado libre porque el pago no se completó. No se ha cobrado nada.',
  },
  greeting: 'Hola, {name}:',
  guestIntro: 'Eres invitado a esta cita.',
  when: 'Fecha y hora',
  previousTime: 'Hora anterior',
  service: 'Servicio',
  staff: 'Profesional',
  location: 'Lugar',
  people: 'Número de personas: {guestCount}',
  price: 'Precio',
  deposit: 'Depósito',
  paid: 'Pagado',
  pay: 'Pagar ahora',
  reason: 'Motivo',
  manage: 'Puedes reprogramar o cancelar tu cita en línea:',
  reschedule: 'Reprogramar',
  cancel: 'Cancelar cita',
  manageClosed:
    'Esta cita ya no se puede cambiar ni cancelar en línea. Para cambiarla, ponte en contacto directamente con {provider}.',
  calendar: 'El archivo de calendario adjunto añade la cita a tu calendario.',
  calendarRemoved: 'El archivo de calendario adjunto elimina la cita de tu calendario.',
  calendarWith: '{services} con {staff}',
  regards: 'Un saludo,',
  calendarFailing: {
    subject: 'No se puede leer el calendario: {staff}',
    lead: 'El sistema de reservas no ha podido leer varias veces seguidas un calendario conectado para {staff}.',
    address: 'Calendario',
    since: 'Falla desde',
    error: 'Último error',
    meanwhile:
      'Hasta que se pueda leer de nuevo, las reservas siguen usando las horas ocupadas leídas la última vez; los eventos nuevos de este calendario no se ven.',
    fix: 'Revisa la conexión en el panel (la dirección o una nueva contraseña de aplicación) y vuelve a sincronizarla:',
    open: 'Abrir Calendarios',
    once: 'Recibes este correo una sola vez mientras dure el fallo. En cuanto el calendario se pueda leer de nuevo, no hace falta hacer nada más.',
    footer: 'Enviado por el sistema de reservas de {provider}.',
  },
}
