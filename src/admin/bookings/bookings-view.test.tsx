import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import { createAdminApi } from '../api'
import { adminBooking, fakeApi, fakeHttp, renderAdmin } from '../test-support'
import { BookingsView } from './bookings-view'

// 2030-03-04 09:00 in Berlin: the fixtures' bookings (from 2030-03-05) are still to come.
const NOW = Date.parse('2030-03-04T08:00:00Z')
const page = (bookings: ReturnType<typeof adminBooking>[], nextCursor: string | null = null) => ({
  bookings,
  nextCursor,
})
const staff = [
  {
    id: 3,
    name: 'Sam Staff',
    timeZone: 'Europe/Berlin',
    weeklyHours: {},
    serviceIds: [1],
    outsideOpeningHours: false,
    version: 1,
  },
]

function setUp() {
  const api = fakeApi()
  api.staff.mockResolvedValue(staff)
  return api
}

const bruno = { firstName: 'Bruno', lastName: 'Costa', email: 'bruno@example.com' }
const open = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

describe('the bookings screen', () => {
  // Each test starts at the screen's plain address; the view writes its own into it.
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/'))

  it('lists a tab in the business zone, switches tabs by click and arrow key', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(page([adminBooking(1)]))
    renderAdmin(<BookingsView now={NOW} />, { api })
    const row = (await screen.findByRole('button', { name: 'Ana Silva' })).closest('tr')!
    // 08:00Z is 9:00 in Berlin.
    expect(row).toHaveTextContent('Mar 5, 2030, 9:00 AM')
    expect(row).toHaveTextContent('Consultation · Sam Staff')
    expect(row).toHaveTextContent('Confirmed')
    expect(row).toHaveTextContent('No payment')
    expect(api.bookings).toHaveBeenCalledWith({ tab: 'upcoming', cursor: undefined })

    const tabs = screen.getByRole('tablist', { name: 'Bookings by status' })
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Requested' }))
    expect(within(tabs).getByRole('tab', { name: 'Requested' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() =>
      expect(api.bookings).toHaveBeenLastCalledWith({ tab: 'requested', cursor: undefined }),
    )
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'Requested' }), { key: 'ArrowRight' })
    expect(within(tabs).getByRole('tab', { name: 'Awaiting payment' })).toHaveFocus()
    await waitFor(() =>
      expect(api.bookings).toHaveBeenLastCalledWith({ tab: 'held', cursor: undefined }),
    )
  })

  it('filters by service, staff, dates and name, and exports the same selection', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(page([]))
    renderAdmin(<BookingsView now={NOW} />, { api })
    expect(await screen.findByText('No bookings here.')).toBeInTheDocument()
    await screen.findByRole('option', { name: 'Sam Staff' })
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '3' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-31' } })
    fireEvent.change(screen.getByLabelText('Name or e-mail'), { target: { value: ' ana ' } })
    open('Apply filters')
    await waitFor(() =>
      expect(api.bookings).toHaveBeenLastCalledWith({
        tab: 'upcoming',
        serviceId: 2,
        staffId: 3,
        from: '2030-03-01',
        to: '2030-03-31',
        q: 'ana',
        cursor: undefined,
      }),
    )
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/bookings.csv?tab=upcoming&serviceId=2&staffId=3&from=2030-03-01&to=2030-03-31&q=ana',
    )
  })

  it('keeps the tab, filters and opened booking in the address, and opens from it', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(page([adminBooking(1)]))
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('tab', { name: 'Past' }))
    fireEvent.change(screen.getByLabelText('Name or e-mail'), { target: { value: 'ana' } })
    open('Apply filters')
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    await waitFor(() => expect(window.location.search).toBe('?tab=past&q=ana&booking=1'))

    // A reload, or the calendar's link: the same view, the booking fetched on its own.
    cleanup()
    window.history.replaceState(null, '', '/en/admin/?tab=requested&staffId=3&booking=7')
    const again = setUp()
    again.bookings.mockResolvedValue(page([]))
    again.booking.mockResolvedValue(adminBooking(7, { status: 'requested' }))
    renderAdmin(<BookingsView now={NOW} />, { api: again })
    expect(await screen.findByRole('region', { name: 'Booking 7' })).toBeInTheDocument()
    expect(again.booking).toHaveBeenCalledWith(7)
    expect(again.bookings).toHaveBeenCalledWith({ tab: 'requested', staffId: 3, cursor: undefined })
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('option', { name: 'Sam Staff' })).toHaveProperty(
      'selected',
      true,
    )
  })

  it('says so when the booking its address names cannot be opened', async () => {
    window.history.replaceState(null, '', '/en/admin/?booking=99')
    const api = setUp()
    api.bookings.mockResolvedValue(page([adminBooking(1)]))
    api.booking.mockRejectedValue(
      new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'No such booking.' }),
    )
    renderAdmin(<BookingsView now={NOW} />, { api })
    expect(await screen.findByRole('alert')).toHaveTextContent('No such booking.')
    expect(await screen.findByRole('button', { name: 'Ana Silva' })).toBeInTheDocument()
  })

  it('refuses an end date before the start date', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(page([]))
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-10' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-01' } })
    open('Apply filters')
    expect(
      await screen.findByText('The end date must not be before the start date.'),
    ).toBeInTheDocument()
    expect(api.bookings).toHaveBeenCalledTimes(1)
  })

  it('loads the next page with the cursor', async () => {
    const api = setUp()
    api.bookings.mockResolvedValueOnce(page([adminBooking(1)], 'cursor-2')).mockResolvedValueOnce(
      page([
        adminBooking(2, {
          contact: { firstName: 'Ben', lastName: 'Berg', email: 'ben@example.com' },
        }),
      ]),
    )
    renderAdmin(<BookingsView now={NOW} />, { api })
    await screen.findByRole('button', { name: 'Ana Silva' })
    open('Load more')
    expect(await screen.findByRole('button', { name: 'Ben Berg' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ana Silva' })).toBeInTheDocument()
    expect(api.bookings).toHaveBeenLastCalledWith({ tab: 'upcoming', cursor: 'cursor-2' })
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('opens a booking with its party, lines, contact, answers, payment and history', async () => {
    const api = setUp()
    const booking = adminBooking(7, {
      guests: [{ name: 'Bo Silva', email: 'bo@example.com' }],
      intake: [
        {
          formId: 4,
          version: 1,
          title: 'Health questions',
          answers: [
            { fieldId: 'injury', label: 'Any injury?', answer: true },
            { fieldId: 'areas', label: 'Where does it hurt?', answer: ['knee', 'back'] },
          ],
        },
      ],
      payment: {
        id: 1,
        provider: 'local',
        status: 'paid',
        currency: 'EUR',
        totalAmount: 6000,
        dueNowAmount: 2000,
        paidAmount: 2000,
        refundedAmount: 0,
        termsVersion: '1',
        termsAcceptedAt: '2030-03-01T10:00:00.000Z',
      },
      history: [
        { type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' },
        { type: 'booking.confirmed', at: '2030-03-01T11:00:00.000Z', actor: 'front@example.com' },
      ],
    })
    api.bookings.mockResolvedValue(page([booking]))
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    const detail = screen.getByRole('region', { name: 'Booking 7' })
    expect(within(detail).getByRole('heading', { name: 'Booking 7' })).toHaveFocus()
    expect(detail).toHaveTextContent('Tuesday, March 5, 2030, 9:00 AM–10:00 AM')
    expect(detail).toHaveTextContent('People: 2')
    expect(detail).toHaveTextContent('Bo Silva <bo@example.com>')
    expect(detail).toHaveTextContent('Ana Silva: Consultation with Sam Staff')
    expect(within(detail).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    )
    expect(detail).toHaveTextContent('Answers: Health questions')
    expect(detail).toHaveTextContent('Any injury?Yes')
    expect(detail).toHaveTextContent('knee, back')
    expect(detail).toHaveTextContent('Paid: €20.00 paid of €60.00, €0.00 refunded')
    expect(detail).toHaveTextContent('Booking created by the visitor')
    expect(detail).toHaveTextContent('Booking confirmed by front@example.com')
    // Confirmed and still to come: it can move, be cancelled, and the payment refunded.
    expect(
      within(detail)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close', 'Reschedule', 'Cancel booking', 'Refund'])
  })

  it('offers confirm and decline for a request, no-show once begun', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(
      page([
        adminBooking(1, { status: 'requested' }),
        adminBooking(2, { start: '2030-03-03T08:00:00.000Z' }),
      ]),
    )
    renderAdmin(<BookingsView now={NOW} />, { api })
    const [request, past] = await screen.findAllByRole('button', { name: 'Ana Silva' })
    fireEvent.click(request!)
    const actions = () =>
      within(screen.getByRole('region', { name: 'Actions' }))
        .getAllByRole('button')
        .map((button) => button.textContent)
    expect(actions()).toEqual(['Confirm', 'Decline', 'Reschedule'])
    fireEvent.click(past!)
    expect(actions()).toEqual(['Mark as no-show'])
  })

  it('says until when a held booking keeps its seats, and offers to cancel it', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(
      page([adminBooking(1, { status: 'held', holdExpiresAt: '2030-03-04T08:30:00.000Z' })]),
    )
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    const detail = screen.getByRole('region', { name: 'Booking 1' })
    expect(detail).toHaveTextContent('Awaiting payment · seats kept until Mar 4, 2030, 9:30 AM')
    expect(
      within(screen.getByRole('region', { name: 'Actions' })).getAllByRole('button'),
    ).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument()
  })

  it('confirms, says so and reloads the list', async () => {
    const api = setUp()
    const requested = adminBooking(1, { status: 'requested' })
    api.bookings.mockResolvedValueOnce(page([requested])).mockResolvedValueOnce(page([]))
    api.confirm.mockResolvedValue({ ...requested, status: 'confirmed' })
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    open('Confirm')
    expect(await screen.findByText('Booking 1 was confirmed.')).toHaveAttribute('role', 'status')
    expect(api.confirm).toHaveBeenCalledWith(1)
    await waitFor(() => expect(api.bookings).toHaveBeenCalledTimes(2))
    // The detail shows the booking as it now is.
    expect(
      within(screen.getByRole('region', { name: 'Booking 1' })).getByText(/Confirmed/),
    ).toBeInTheDocument()
  })

  it('asks for a reason before declining, and shows a refusal as an alert', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(page([adminBooking(1, { status: 'requested' })]))
    api.decline.mockRejectedValueOnce(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'This booking is no longer requested.',
      }),
    )
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    open('Decline')
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveAttribute('aria-expanded', 'true')
    open('Decline the request')
    expect(await screen.findByText('Give a reason.')).toBeInTheDocument()
    expect(api.decline).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Reason (the visitor is told)'), {
      target: { value: ' Fully booked that week ' },
    })
    open('Decline the request')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking is no longer requested.',
    )
    expect(api.decline).toHaveBeenCalledWith(1, 'Fully booked that week')
  })

  it('asks before opening another booking or tab over a reason typed and not sent', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false)
    try {
      const api = setUp()
      api.bookings.mockResolvedValue(
        page([adminBooking(1, { status: 'requested' }), adminBooking(2, { contact: bruno })]),
      )
      renderAdmin(<BookingsView now={NOW} />, { api })
      fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
      open('Decline')
      const reason = screen.getByLabelText('Reason (the visitor is told)')
      fireEvent.change(reason, { target: { value: 'Fully booked' } })

      open('Bruno Costa')
      fireEvent.click(screen.getByRole('tab', { name: 'Past' }))
      expect(confirm).toHaveBeenCalledTimes(2)
      expect(confirm).toHaveBeenLastCalledWith(
        'Discard your changes?\nWhat you typed in this form has not been saved.',
      )
      expect(screen.getByLabelText('Reason (the visitor is told)')).toHaveValue('Fully booked')
      expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true')

      confirm.mockReturnValue(true)
      open('Bruno Costa')
      expect(screen.queryByLabelText('Reason (the visitor is told)')).not.toBeInTheDocument()
      expect(screen.getByRole('heading', { name: /Booking 2/ })).toBeInTheDocument()
      // Nothing typed in the booking now open: another opens without a question.
      open('Ana Silva')
      expect(confirm).toHaveBeenCalledTimes(3)
    } finally {
      confirm.mockRestore()
    }
  })

  it('confirms the requests chosen, one by one, and names any refused with the API’s words', async () => {
    const api = setUp()
    const requests = [1, 2, 3].map((id) => adminBooking(id, { status: 'requested' }))
    api.bookings.mockResolvedValue(page(requests))
    api.confirm.mockImplementation(async (id: number) => {
      if (id === 2) {
        throw new HttpError({
          statusCode: 409,
          statusMessage: 'Conflict',
          code: 'not_active',
          message: 'This booking is no longer requested.',
        })
      }
      return adminBooking(id)
    })
    renderAdmin(<BookingsView now={NOW} />, { api })
    await screen.findAllByRole('button', { name: 'Ana Silva' })
    // Rows are chosen on the requests tab only.
    expect(screen.queryByRole('checkbox', { name: /^Select booking/ })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Requested' }))
    const bulk = await screen.findByRole('group', { name: 'Selected requests' })
    expect(within(bulk).getByRole('button', { name: 'Confirm selected' })).toBeDisabled()

    fireEvent.click(within(bulk).getByRole('checkbox', { name: 'Select all shown' }))
    expect(bulk).toHaveTextContent('Selected: 3')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select booking 3 (Ana Silva)' }))
    expect(bulk).toHaveTextContent('Selected: 2')
    fireEvent.click(within(bulk).getByRole('button', { name: 'Confirm selected' }))

    expect(await within(bulk).findByRole('status')).toHaveTextContent('Confirmed: 1.')
    expect(within(bulk).getByRole('alert')).toHaveTextContent(
      'Booking 2: This booking is no longer requested.',
    )
    expect(api.confirm.mock.calls).toEqual([[1], [2]])
    // The list is read again, and nothing stays chosen.
    await waitFor(() => expect(api.bookings).toHaveBeenCalledTimes(3))
    expect(bulk).toHaveTextContent('Selected: 0')
  })

  it('declines the requests chosen with one reason, asked first', async () => {
    window.history.replaceState(null, '', '/en/admin/?tab=requested')
    const api = setUp()
    api.bookings.mockResolvedValue(
      page([adminBooking(4, { status: 'requested' }), adminBooking(5, { contact: bruno })]),
    )
    api.decline.mockImplementation(async (id: number) => adminBooking(id, { status: 'declined' }))
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select booking 4 (Ana Silva)' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select booking 5 (Bruno Costa)' }))
    open('Decline selected')
    open('Decline the selected requests (2)')
    expect(await screen.findByText('Give a reason.')).toBeInTheDocument()
    expect(api.decline).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Reason (the visitor is told)'), {
      target: { value: ' Closed that week ' },
    })
    open('Decline the selected requests (2)')
    const bulk = screen.getByRole('group', { name: 'Selected requests' })
    await waitFor(() => expect(within(bulk).getByRole('status')).toHaveTextContent('Declined: 2.'))
    expect(api.decline.mock.calls).toEqual([
      [4, 'Closed that week'],
      [5, 'Closed that week'],
    ])
    expect(screen.queryByLabelText('Reason (the visitor is told)')).not.toBeInTheDocument()
  })

  it('reschedules to a date and time read in the business zone', async () => {
    const api = setUp()
    const booking = adminBooking(1)
    api.bookings.mockResolvedValue(page([booking]))
    api.reschedule.mockResolvedValue(booking)
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    open('Reschedule')
    expect(screen.getByLabelText('New date')).toHaveValue('2030-03-05')
    expect(screen.getByLabelText('New time')).toHaveValue('09:00')
    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2030-04-02' } })
    fireEvent.change(screen.getByLabelText('New time'), { target: { value: '14:30' } })
    open('Move the booking')
    // Berlin is on summer time (UTC+2) by 2 April.
    await waitFor(() =>
      expect(api.reschedule).toHaveBeenCalledWith(1, { start: '2030-04-02T12:30:00.000Z' }),
    )
    expect(await screen.findByText('Booking 1 was moved.')).toBeInTheDocument()
  })

  it('sends the session CSRF token with a cancellation, and the reason', async () => {
    const http = fakeHttp()
    http.get.mockImplementation(async (path: string) => {
      if (path === '/admin/session') {
        return { user: {}, csrfToken: 'csrf-42', expiresAt: '2030-03-05T08:00:00.000Z' }
      }
      if (path === '/admin/staff') return staff
      return page([adminBooking(5)])
    })
    http.post.mockResolvedValue({ booking: adminBooking(5, { status: 'cancelled' }) })
    const api = createAdminApi(http)
    await api.session()
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    open('Cancel booking')
    fireEvent.change(screen.getByLabelText('Reason (the visitor is told)'), {
      target: { value: 'Therapist ill' },
    })
    open('Cancel the booking')
    expect(await screen.findByText('Booking 5 was cancelled.')).toBeInTheDocument()
    expect(http.post).toHaveBeenCalledWith(
      '/admin/bookings/5/cancel',
      { reason: 'Therapist ill' },
      { headers: { 'x-csrf-token': 'csrf-42' } },
    )
    // Reading needs no token.
    expect(http.get).toHaveBeenCalledWith(
      '/admin/bookings',
      expect.not.objectContaining({ headers: expect.anything() }),
    )
  })

  it('refunds part of a payment in the currency units', async () => {
    const api = setUp()
    const paid = adminBooking(1, {
      status: 'cancelled',
      payment: {
        id: 1,
        provider: 'local',
        status: 'paid',
        currency: 'EUR',
        totalAmount: 6000,
        dueNowAmount: 6000,
        paidAmount: 6000,
        refundedAmount: 1000,
        termsVersion: '1',
        termsAcceptedAt: '2030-03-01T10:00:00.000Z',
      },
    })
    api.bookings.mockResolvedValue(page([paid]))
    api.refund.mockResolvedValue(paid)
    renderAdmin(<BookingsView now={NOW} />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    open('Refund')
    fireEvent.change(screen.getByLabelText('Amount (EUR, leave empty for all)'), {
      target: { value: '60' },
    })
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' })[1]!)
    expect(
      await screen.findByText('Enter an amount above zero, at most what can be refunded.'),
    ).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Amount (EUR, leave empty for all)'), {
      target: { value: '12,50' },
    })
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' })[1]!)
    await waitFor(() => expect(api.refund).toHaveBeenCalledWith(1, { amount: 1250 }))
  })
})

describe('a booking’s history in German', () => {
  const { wrapper: German } = inLanguage('de')
  beforeEach(() => window.history.replaceState(null, '', '/de/admin/'))

  it('tells each event as a German sentence, not as its code', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue(
      page([
        adminBooking(7, {
          history: [
            { type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' },
            { type: 'booking.expired', at: '2030-03-01T11:00:00.000Z', actor: 'system' },
          ],
        }),
      ]),
    )
    renderAdmin(
      <German>
        <BookingsView now={NOW} />
      </German>,
      { api },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }))
    const history = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(history).toContain('01.03.2030, 11:00 · Buchung erstellt durch den Besucher')
    expect(history).toContain('01.03.2030, 12:00 · Buchung abgelaufen durch das System')
  })

  it('names each booked service as the clinic translated it, or as it named it', async () => {
    const api = setUp()
    const booking = adminBooking(8)
    const translated = {
      ...booking.lines[0]!,
      serviceTranslations: { de: { name: 'Beratung', description: '' } },
    }
    api.bookings.mockResolvedValue(
      page([
        {
          ...booking,
          lines: [
            translated,
            { ...translated, guestIndex: 1, serviceName: 'Yoga', serviceTranslations: {} },
          ],
        },
      ]),
    )
    renderAdmin(
      <German>
        <BookingsView now={NOW} />
      </German>,
      { api },
    )
    const row = (await screen.findByRole('button', { name: 'Ana Silva' })).closest('tr')!
    expect(row).toHaveTextContent('Beratung · Sam Staff')
    expect(row).toHaveTextContent('Yoga · Sam Staff')
    expect(row).not.toHaveTextContent('Consultation')
    fireEvent.click(screen.getByRole('button', { name: 'Ana Silva' }))
    const panel = screen.getByRole('region', { name: 'Buchung 8' })
    expect(panel).toHaveTextContent('Beratung')
    expect(panel).not.toHaveTextContent('Consultation')
  })
})
