import type { MailStrings } from '../strings'

export const ptBr: MailStrings = {
  subject: {
    confirmed: 'Agendamento confirmado: {title}',
    requested: 'Agendamento solicitado: {title}',
    'request-confirmed': 'Sua solicitação foi confirmada: {title}',
    'request-declined': 'Sua solicitação foi recusada: {title}',
    rescheduled: 'Agendamento remarcado: {title}',
    cancelled: 'Agendamento cancelado: {title}',
    reminder: 'Lembrete: {title}',
    'payment-due': 'Conclua seu pagamento: {title}',
    'hold-expired': 'Reserva liberada: {title}',
  },
  lead: {
    confirmed: 'Seu agendamento para {time} está marcado.',
    requested:
      'Recebemos sua solicitação para {time}. A empresa entrará em contato com você para confirmar seu agendamento.',
    'request-confirmed': 'Boa notícia: seu agendamento para {time} está confirmado.',
    'request-declined':
      'Infelizmente, o agendamento que você solicitou para {time} não pôde ser aceito.',
    rescheduled: 'Seu agendamento foi remarcado de {previousTime} para {time}.',
    cancelled: 'Seu agendamento para {time} foi cancelado.',
    reminder: 'Este é um lembrete do seu agendamento para {time}.',
    'payment-due':
      'Seu agendamento para {time} está reservado para você até {until}. Conclua o pagamento até lá, ou o horário será liberado.',
    'hold-expired':
      'O horário reservado para você em {time} foi liberado porque o pagamento não foi concluído. Nada foi cobrado.',
  },
  greeting: 'Olá, {name},',
  guestIntro: 'Você é convidado deste agendamento.',
  when: 'Data e horário',
  previousTime: 'Horário anterior',
  service: 'Serviço',
  staff: 'Profissional',
  location: 'Local',
  people: 'Número de pessoas: {guestCount}',
  price: 'Preço',
  deposit: 'Sinal',
  paid: 'Pago',
  pay: 'Pagar agora',
  reason: 'Motivo',
  manage: 'Você pode remarcar ou cancelar seu agendamento on-line:',
  reschedule: 'Remarcar',
  cancel: 'Cancelar agendamento',
  manageClosed:
    'Este agendamento não pode mais ser alterado nem cancelado online. Para alterá-lo, entre em contato diretamente com {provider}.',
  calendar: 'O arquivo de calendário anexo adiciona o agendamento à sua agenda.',
  calendarRemoved: 'O arquivo de calendário anexo remove o agendamento da sua agenda.',
  calendarWith: '{services} com {staff}',
  regards: 'Atenciosamente,',
  calendarFailing: {
    subject: 'Não é possível ler a agenda: {staff}',
    lead: 'O sistema de agendamento não conseguiu ler, várias vezes seguidas, uma agenda conectada para {staff}.',
    address: 'Agenda',
    since: 'Com falha desde',
    error: 'Último erro',
    meanwhile:
      'Até que possa ser lida de novo, os agendamentos continuam usando os horários ocupados lidos por último; novos eventos nesta agenda não são vistos.',
    fix: 'Verifique a conexão no painel (o endereço ou uma nova senha de app) e sincronize-a de novo:',
    open: 'Abrir Agendas conectadas',
    once: 'Você recebe este e-mail uma única vez enquanto a falha durar. Assim que a agenda puder ser lida de novo, não é preciso fazer mais nada.',
    footer: 'Enviado pelo sistema de agendamento de {provider}.',
  },
}
