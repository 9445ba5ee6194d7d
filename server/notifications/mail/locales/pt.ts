import type { MailStrings } from '../strings'

export const pt: MailStrings = {
  subject: {
    confirmed: 'Marcação confirmada: {title}',
    requested: 'Marcação pedida: {title}',
    'request-confirmed': 'O seu pedido foi confirmado: {title}',
    'request-declined': 'O seu pedido foi recusado: {title}',
    rescheduled: 'Marcação alterada: {title}',
    cancelled: 'Marcação cancelada: {title}',
    reminder: 'Lembrete: {title}',
    'payment-due': 'Conclua o seu pagamento: {title}',
    'hold-expired': 'Reserva libertada: {title}',
  },
  lead: {
    confirmed: 'A sua marcação para {time} está agendada.',
    requested:
      'Recebemos o seu pedido para {time}. A empresa irá contactá-lo para confirmar a sua marcação.',
    'request-confirmed': 'Boas notícias: a sua marcação para {time} está confirmada.',
    'request-declined': 'Infelizmente, não foi possível aceitar a marcação que pediu para {time}.',
    rescheduled: 'A sua marcação foi alterada de {previousTime} para {time}.',
    cancelled: 'A sua marcação para {time} foi cancelada.',
    reminder: 'Lembramos a sua marcação para {time}.',
    'payment-due':
      'A sua marcação para {time} está reservada para si até {until}. Conclua o pagamento até lá, caso contrário o horário será libertado.',
    'hold-expired':
      'O horário reservado para si para {time} foi libertado porque o pagamento não foi concluído. Não foi cobrado nada.',
  },
  greeting: 'Olá {name},',
  guestIntro: 'É convidado desta marcação.',
  when: 'Data e hora',
  previousTime: 'Hora anterior',
  service: 'Serviço',
  staff: 'Profissional',
  location: 'Local',
  people: 'Número de pessoas: {guestCount}',
  price: 'Preço',
  deposit: 'Sinal',
  paid: 'Pago',
  pay: 'Pagar agora',
  reason: 'Motivo',
  manage: 'Pode alterar ou cancelar a sua marcação online:',
  reschedule: 'Alterar',
  cancel: 'Cancelar marcação',
  manageClosed:
    'Esta marcação já não pode ser alterada nem cancelada online. Para a alterar, contacte diretamente {provider}.',
  calendar: 'O ficheiro de calendário em anexo adiciona a marcação ao seu calendário.',
  calendarRemoved: 'O ficheiro de calendário em anexo remove a marcação do seu calendário.',
  calendarWith: '{services} com {staff}',
  regards: 'Com os melhores cumprimentos,',
}
