import { fireEvent, screen } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { fakeApi, renderAdmin } from '../test-support'
import { OutboxView } from './outbox-view'

const message = (id: number, subject: string) => ({
  id,
  bookingId: 1,
  kind: 'confirmed',
  to: 'ana@example.com',
  subject,
  text: `Hello Ana,\n\n${subject}`,
  html: '<script>alert(1)</script>',
  sentAt: '2030-03-04T06:00:00.000Z',
})

describe('the outbox screen', () => {
  it("lists the session's e-mails, newest first, with older ones on demand", async () => {
    const api = fakeApi()
    api.outbox
      .mockResolvedValueOnce({
        messages: [message(2, 'Appointment cancelled: Consultation')],
        next: 2,
      })
      .mockResolvedValueOnce({
        messages: [message(1, 'Appointment confirmed: Consultation')],
        next: null,
      })
    renderAdmin(<OutboxView />, { api })
    expect(await screen.findByText('Appointment cancelled: Consultation')).toBeInTheDocument()
    expect(api.outbox).toHaveBeenCalledWith(undefined)
    fireEvent.click(screen.getByRole('button', { name: 'Older e-mails' }))
    expect(await screen.findByText('Appointment confirmed: Consultation')).toBeInTheDocument()
    expect(api.outbox).toHaveBeenLastCalledWith(2)
    expect(screen.getByText('Appointment cancelled: Consultation')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Older e-mails' })).toBeNull()
    // The text part is shown; the HTML part is never rendered.
    expect(document.querySelector('script')).toBeNull()
  })

  it("shows the API's refusal", async () => {
    const api = fakeApi()
    api.outbox.mockRejectedValue(
      new HttpError({
        statusCode: 403,
        statusMessage: 'Forbidden',
        message: 'Your role cannot read e-mails.',
      }),
    )
    renderAdmin(<OutboxView />, { api })
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot read e-mails.')
  })
})
