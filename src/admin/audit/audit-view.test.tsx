import { fireEvent, screen } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
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
    expect(row).toHaveTextContent('Booking 12')
    expect(row).toHaveTextContent('reason: Therapist ill')
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

describe('the audit log in German', () => {
  const { wrapper: German } = inLanguage('de')

  it('tells each action as a sentence, with its details written out, not as raw codes', async () => {
    const api = fakeApi()
    api.audit.mockResolvedValue({
      entries: [
        { ...entry(2, 'session.login'), target: 'user:1', detail: {} },
        { ...entry(1, 'booking.cancelled'), detail: { start: '2030-03-05T08:00:00.000Z' } },
      ],
      nextCursor: null,
    })
    renderAdmin(
      <German>
        <AuditView />
      </German>,
      { api },
    )
    const login = (await screen.findByRole('cell', { name: 'Angemeldet' })).closest('tr')!
    expect(login).toHaveTextContent('04.03.2030, 09:00')
    expect(login).toHaveTextContent('Konto 1')
    expect(login).not.toHaveTextContent('session.login')
    expect(login).not.toHaveTextContent('{}')
    const cancelled = screen.getByRole('cell', { name: 'Buchung storniert' }).closest('tr')!
    expect(cancelled).toHaveTextContent('Buchung 12')
    expect(cancelled).toHaveTextContent('start: 05.03.2030, 09:00')
  })
})
