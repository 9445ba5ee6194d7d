import type { MailStrings } from '../strings'

export const en: MailStrings = {
  subject: {
    confirmed: 'Appointment confirmed: {title}',
    requested: 'Appointment requested: {title}',
    'request-confirmed': 'Your request was confirmed: {title}',
    'request-declined': 'Your request was declined: {title}',
    rescheduled: 'Appointment rescheduled: {title}',
    cancelled: 'Appointment cancelled: {title}',
    reminder: 'Reminder: {title}',
    'payment-due': 'Complete your payment: {title}',
    'hold-expired': 'Reservation released: {title}',
  },
  lead: {
    confirmed: 'Your appointment on {time} is scheduled.',
    requested:
      'We have received your request for {time}. The business will contact you to confirm your appointment.',
    'request-confirmed': 'Good news: your appointment on {time} is confirmed.',
    'request-declined':
      'Unfortunately, your requested appointment on {time} could not be accepted.',
    rescheduled: 'Your appointment has been moved from {previousTime} to {time}.',
    cancelled: 'Your appointment on {time} has been cancelled.',
    reminder: 'This is a reminder of your appointment on {time}.',
    'payment-due':
      'Your appointment on {time} is reserved for you until {until}. Please complete your payment by then, or the time will be released.',
    'hold-expired':
      'The time held for you on {time} has been released because the payment was not completed. Nothing was charged.',
  },
  greeting: 'Hello {name},',
  guestIntro: 'You are a guest at this appointment.',
  when: 'Date and time',
  previousTime: 'Previous time',
  service: 'Service',
  staff: 'Staff',
  location: 'Location',
  people: 'Number of people: {guestCount}',
  price: 'Price',
  deposit: 'Deposit',
  paid: 'Paid',
  pay: 'Pay now',
  reason: 'Reason',
  manage: 'You can reschedule or cancel your appointment online:',
  reschedule: 'Reschedule',
  cancel: 'Cancel appointment',
  manageClosed:
    'This appointment can no longer be changed or cancelled online. To change it, please contact {provider} directly.',
  calendar: 'The attached calendar file adds the appointment to your calendar.',
  calendarRemoved: 'The attached calendar file removes the appointment from your calendar.',
  calendarWith: '{services} with {staff}',
  regards: 'Kind regards,',
  calendarFailing: {
    subject: 'Calendar cannot be read: {staff}',
    lead: 'The booking system has failed several times in a row to read a calendar connected for {staff}.',
    address: 'Calendar',
    since: 'Failing since',
    error: 'Last error',
    meanwhile:
      'Until it can be read again, bookings still use the busy times read last; new events in this calendar are not seen.',
    fix: 'Check the connection in the dashboard (the address, or a new app password), then sync it again:',
    open: 'Open Calendars',
    once: 'You get this e-mail once while the failure lasts. Once the calendar can be read again, nothing else needs to be done.',
    footer: 'Sent by the booking system of {provider}.',
  },
}
