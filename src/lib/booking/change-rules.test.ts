import { changeDeadline, refundOnCancel } from './change-rules'

describe('a cancellation’s refund', () => {
  // Frozen: the appointment is 3 days after "now"; refunds end a day before it.
  const now = Date.parse('2030-03-04T06:00:00Z')
  const start = now + 3 * 24 * 60 * 60_000
  const refundUntil = changeDeadline(start, 24 * 60)
  const base = {
    refundable: 2000,
    depositAmount: 2000,
    refundUntil,
    now,
    by: 'visitor' as const,
  }

  it('is everything until the deadline, its own instant included, and nothing after it', () => {
    expect(refundOnCancel({ ...base, policy: 'full_before_cutoff' })).toBe(2000)
    const onTheDot = { ...base, now: refundUntil }
    expect(refundOnCancel({ ...onTheDot, policy: 'full_before_cutoff' })).toBe(2000)
    const late = { ...base, now: start - 23 * 60 * 60_000 }
    expect(refundOnCancel({ ...late, policy: 'full_before_cutoff' })).toBe(0)
  })

  it('keeps the deposit, or everything', () => {
    expect(refundOnCancel({ ...base, policy: 'keep_deposit' })).toBe(0)
    expect(refundOnCancel({ ...base, refundable: 9000, policy: 'keep_deposit' })).toBe(7000)
    expect(refundOnCancel({ ...base, policy: 'none' })).toBe(0)
  })

  it('is everything when the business cancels', () => {
    expect(refundOnCancel({ ...base, policy: 'none', by: 'business' })).toBe(2000)
  })
})
