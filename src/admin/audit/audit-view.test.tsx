import { fireEvent, screen } from '@testing-library/react'
import { fakeApi, renderAdmin } from '../test-support'
import { AuditView } from './audit-view'

const entry = (id: number, action: string) => ({
  id,
  at: '2030-03-04T08:00:00.000Z',
  actor: 'owner@example.com',
  action,
  target: 'booking:12',
  detail: { reason: 'Therapist ill' },
})

describe('the audit log', () => {
  it('lists who did what, a page at a time', async () => {
    const api = fakeApi()
    api.audit
      .mockResolvedValueOnce({ entries: [entry(2, 'booking.cancel')], nextCursor: 'c2' })
      .mockResolvedValueOnce({ entries: [entry(1, 'user.create')], nextCursor: null })
    renderAdmin(<AuditView />, { api })
    const row = (await screen.findByRole('cell', { name: 'booking.cancel' })).closest('tr')!
    expect(row).toHaveTextContent('Mar 4, 2030, 9:00 AM')
    expect(row).toHaveTextContent('owner@example.com')
    expect(row).toHaveTextContent('booking:12')
    expect(row).toHaveTextContent('{"reason":"Therapist ill"}')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('cell', { name: 'user.create' })).toBeInTheDocument()
    expect(api.audit).toHaveBeenLastCalledWith('c2')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says when nothing was recorded', async () => {
    const api = fakeApi()
    api.audit.mockResolvedValue({ entries: [], nextCursor: null })
    renderAdmin(<AuditView />, { api })
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument()
  })
})
