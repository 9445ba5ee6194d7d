import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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
    // The HTML part is never put into the dashboard's own document.
    expect(document.querySelector('script')).toBeNull()
  })

  it('frames an opened e-mail as the server serves it, sandboxed, with its plain text below', async () => {
    const api = fakeApi()
    api.outbox.mockResolvedValue({
      messages: [message(7, 'Appointment confirmed: Consultation')],
      next: null,
    })
    renderAdmin(<OutboxView />, { api })
    const subject = await screen.findByText('Appointment confirmed: Consultation')
    // A closed e-mail loads nothing.
    expect(document.querySelector('iframe')).toBeNull()
    fireEvent.click(subject)
    const frame = await screen.findByTitle('E-mail as sent: Appointment confirmed: Consultation')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', '/api/admin/outbox/7/html')
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
    expect(screen.getByText('Plain-text version')).toBeInTheDocument()
    expect(document.querySelector('.admin-outbox__text')).toHaveTextContent(
      'Hello Ana, Appointment confirmed: Consultation',
    )
    fireEvent.click(subject)
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull())
  })

  it('links an e-mail about a booking to it, and one about no booking to nothing', async () => {
    const api = fakeApi()
    api.outbox.mockResolvedValue({
      messages: [
        {
          ...message(9, 'Calendar cannot be read: Anna Berg'),
          bookingId: null,
          kind: 'calendar-failing',
          to: 'anna@clinic.example',
        },
        { ...message(8, 'Appointment confirmed: Consultation'), bookingId: 41 },
      ],
      next: null,
    })
    renderAdmin(<OutboxView />, { api })
    const calendarMail = (await screen.findByText('Calendar cannot be read: Anna Berg')).closest(
      'details',
    )!
    const bookingMail = screen.getByText('Appointment confirmed: Consultation').closest('details')!
    expect(within(bookingMail).getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
      'href',
      '/en/admin/?booking=41',
    )
    expect(within(calendarMail).queryByRole('link')).toBeNull()
    expect(calendarMail).toHaveTextContent('To anna@clinic.example')
    fireEvent.click(screen.getByText('Calendar cannot be read: Anna Berg'))
    expect(await within(calendarMail).findByTitle(/Calendar cannot be read/)).toHaveAttribute(
      'src',
      '/api/admin/outbox/9/html',
    )
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
