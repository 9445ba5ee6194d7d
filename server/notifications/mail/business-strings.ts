import type { BusinessMessage } from '../rules'

/**
 * The business's own messages. Providers have no language setting yet, so these are written in
 * the site's default language (en) only; the visitor's messages are in the visitor's language.
 */
export const BUSINESS_STRINGS = {
  subject: {
    'business-booked': 'New booking: {title}, {time}',
    'business-requested': 'New request to confirm: {title}, {time}',
    'business-rescheduled': 'Booking rescheduled: {title}, {time}',
    'business-cancelled': 'Booking cancelled: {title}, {time}',
  } satisfies Record<BusinessMessage, string>,
  lead: {
    'business-booked': '{name} booked an appointment on {time}.',
    'business-requested':
      '{name} requested an appointment on {time}. Please confirm or decline the request.',
    'business-rescheduled': '{name} moved their appointment to {time}.',
    'business-cancelled': 'The appointment of {name} on {time} has been cancelled.',
  } satisfies Record<BusinessMessage, string>,
  when: 'Date and time',
  previousTime: 'Previous time',
  service: 'Service',
  staff: 'Staff',
  location: 'Location',
  people: 'Number of people',
  price: 'Price',
  deposit: 'Deposit',
  paid: 'Paid',
  contact: 'Booked by',
  email: 'Email',
  phone: 'Phone',
  notes: 'Additional information',
  guest: 'Guest',
  reason: 'Reason',
  dashboard: 'See the booking and act on it in the dashboard:',
  open: 'Open the booking',
  footer: 'Sent by the booking system of {provider}.',
}
