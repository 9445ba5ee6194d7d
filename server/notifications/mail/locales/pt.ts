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
  calendarFailing: {
    subject: 'Não é possível ler o calendário: {staff}',
    lead: 'O sistema de marcações não conseguiu ler, várias vezes seguidas, um calendário ligado para {staff}.',
    address: 'Calendário',
    since: 'Com falhas desde',
    error: 'Último erro',
    meanwhile:
      'Até voltar a poder ser lido, as marcações continuam a usar os períodos ocupados lidos da última vez; os novos eventos deste calendário não são vistos.',
    fix: 'Verifique a ligação no painel (o endereço ou uma nova palavra-passe de aplicação) e volte a sincronizá-la:',
    open: 'Abrir Calendários',
    once: 'Recebe este e-mail uma única vez enquanto a falha durar. Assim que o calendário puder voltar a ser lido, não é preciso fazer mais nada.',
    footer: 'Enviado pelo sistema de marcações de {provider}.',
  },
}
