import type { PaymentView } from './api-types'

/** A deposit of €20 of €90 waiting to be paid with the local provider, for the widget's tests. */
export const paymentView = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  id: 3,
  provider: 'local',
  status: 'pending',
  currency: 'EUR',
  totalAmount: 9000,
  dueNowAmount: 2000,
  paidAmount: 0,
  refundedAmount: 0,
  termsVersion: '1',
  termsAcceptedAt: '2030-03-01T08:00:00.000Z',
  ...overrides,
})
