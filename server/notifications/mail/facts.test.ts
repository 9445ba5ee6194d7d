import { partyView } from '../test-support'
import { factsOf, guestIndexOf } from './facts'
import { renderVisitorMail } from './render'

describe('what an e-mail says of a booking', () => {
  it('tells the visitor of the whole party: every service and staff member, the total', () => {
    expect(factsOf(partyView(), 'de')).toMatchObject({
      services: ['Beratung', 'Massage (de)'],
      staff: ['Anna', 'Ben'],
      people: 2,
      totalCents: 12000,
      depositCents: 3000,
    })
  })

  it('tells a guest of their own line only: their service, their staff, their price', () => {
    const view = partyView({
      payment: {
        id: 1,
        provider: 'local',
        status: 'paid',
        currency: 'EUR',
        totalAmount: 12000,
        dueNowAmount: 3000,
        paidAmount: 3000,
        refundedAmount: 0,
        termsVersion: '1',
        termsAcceptedAt: '2030-03-01T08:00:00.000Z',
      },
    })
    const guestIndex = guestIndexOf(view, 'bo@example.com')
    expect(guestIndex).toBe(1)
    const facts = factsOf(view, 'en', guestIndex)
    expect(facts).toMatchObject({
      services: ['Massage'],
      staff: ['Ben'],
      people: 1,
      totalCents: 7000,
      depositCents: 0,
      paidCents: 0,
    })
    const mail = renderVisitorMail({
      kind: 'confirmed',
      audience: 'guest',
      locale: 'en',
      recipientName: 'Bo Berg',
      facts,
      details: {},
      calendar: 'PUBLISH',
    })
    expect(mail.text).toContain('Service:       Massage\nStaff:         Ben\n')
    expect(mail.text).toContain('Price:         €70.00\n')
    for (const others of ['Consultation', 'Anna', '€120.00', 'Number of people', 'Paid']) {
      expect(mail.text).not.toContain(others)
    }
  })
})
