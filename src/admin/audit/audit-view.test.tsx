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
    expect(row).toHaveTextContent('Reason: Therapist ill')
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
    expect(cancelled).toHaveTextContent('Beginn: 05.03.2030, 09:00')
  })

  it('writes the details out: names, roles, statuses, amounts, hours, yes and no', async () => {
    const api = fakeApi()
    const at = '2030-03-04T08:00:00.000Z'
    const actor = 'owner@example.com'
    api.audit.mockResolvedValue({
      entries: [
        {
          id: 4,
          at,
          actor,
          action: 'user.updated',
          target: 'user:2',
          detail: { role: 'front_desk', disabled: true },
        },
        {
          id: 3,
          at,
          actor,
          action: 'booking.cancelled',
          target: 'booking:12',
          detail: { from: 'confirmed', reason: 'Therapist ill', by: 'business' },
        },
        {
          id: 2,
          at,
          actor,
          action: 'payment.refunded',
          target: 'booking:12',
          detail: { amount: 1250, currency: 'EUR' },
        },
        {
          id: 1,
          at,
          actor,
          action: 'PATCH /api/admin/services/:id',
          target: null,
          detail: { params: { id: '3' } },
        },
        {
          id: 0,
          at,
          actor,
          action: 'availability.override_set',
          target: 'staff:3',
          detail: { date: '2030-03-08', ranges: [{ start: '09:00', end: '12:00' }] },
        },
      ],
      nextCursor: null,
    })
    renderAdmin(
      <German>
        <AuditView />
      </German>,
      { api },
    )
    const rowOf = async (action: string) =>
      (await screen.findByRole('cell', { name: action })).closest('tr')!
    expect(await rowOf('Konto geändert')).toHaveTextContent('Rolle: Empfang · Deaktiviert: Ja')
    expect(await rowOf('Buchung storniert')).toHaveTextContent(
      'Von: Bestätigt · Grund: Therapist ill · Durch: das Unternehmen',
    )
    expect(await rowOf('Zahlung erstattet')).toHaveTextContent('Betrag: 12,50 €')
    expect(await rowOf('Zahlung erstattet')).not.toHaveTextContent('EUR')
    expect(await rowOf('/api/admin/services/3 gespeichert')).not.toHaveTextContent('params')
    expect(await rowOf('Zeiten für einen Tag festgelegt')).toHaveTextContent('Zeiten: 09:00–12:00')
  })
})
