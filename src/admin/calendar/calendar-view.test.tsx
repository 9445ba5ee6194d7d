import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { adminBooking, fakeApi, renderAdmin } from '../test-support'
import { CalendarView } from './calendar-view'

// Wednesday 2030-03-06, 09:00 in Berlin.
const NOW = Date.parse('2030-03-06T08:00:00Z')

const line = (staffId: number, staffName: string, start: string, end: string) => ({
  ...adminBooking(0).lines[0]!,
  staffId,
  staffName,
  start,
  end,
})

function setUp() {
  const api = fakeApi()
  const member = { timeZone: 'Europe/Berlin', weeklyHours: {}, serviceIds: [1], version: 1 }
  api.staff.mockResolvedValue([
    { ...member, id: 3, name: 'Sam Staff', outsideOpeningHours: false },
    { ...member, id: 4, name: 'Tia Therapist', outsideOpeningHours: false },
  ])
  const wednesday = adminBooking(1, {
    start: '2030-03-06T09:00:00.000Z',
    lines: [line(4, 'Tia Therapist', '2030-03-06T09:00:00.000Z', '2030-03-06T10:00:00.000Z')],
  })
  const friday = adminBooking(2, {
    start: '2030-03-08T13:00:00.000Z',
    contact: { firstName: 'Ben', lastName: 'Berg' },
    lines: [line(3, 'Sam Staff', '2030-03-08T13:00:00.000Z', '2030-03-08T13:30:00.000Z')],
  })
  const cancelled = adminBooking(3, { status: 'cancelled', start: '2030-03-06T12:00:00.000Z' })
  api.bookings.mockImplementation(async (query) => ({
    bookings: [wednesday, friday, cancelled].filter(
      (booking) =>
        booking.start.slice(0, 10) >= query.from! && booking.start.slice(0, 10) <= query.to!,
    ),
    nextCursor: null,
  }))
  return api
}

describe('the calendar', () => {
  // Each test starts at the screen's plain address; the view writes its own into it.
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/calendar/'))

  it("shows today per staff member, from the day's bookings", async () => {
    const api = setUp()
    renderAdmin(<CalendarView now={NOW} />, { api })
    const tia = await screen.findByRole('region', { name: 'Tia Therapist' })
    await waitFor(() => expect(tia).toHaveTextContent('10:00 AM–11:00 AM Consultation'))
    expect(tia).toHaveTextContent('Ana Silva')
    expect(screen.getByRole('region', { name: 'Sam Staff' })).toHaveTextContent('No bookings.')
    expect(api.bookings).toHaveBeenCalledWith({
      from: '2030-03-06',
      to: '2030-03-06',
      cursor: undefined,
      limit: 100,
    })
    expect(screen.getByText('Wednesday, March 6')).toHaveAttribute('role', 'status')
  })

  it('shows the week from Monday, a column per day, leaving out cancelled bookings', async () => {
    const api = setUp()
    renderAdmin(<CalendarView now={NOW} />, { api })
    fireEvent.click(screen.getByRole('button', { name: 'Week' }))
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() =>
      expect(api.bookings).toHaveBeenLastCalledWith({
        from: '2030-03-04',
        to: '2030-03-10',
        cursor: undefined,
        limit: 100,
      }),
    )
    const friday = await screen.findByRole('region', { name: 'Friday, March 8' })
    await waitFor(() => expect(friday).toHaveTextContent('2:00 PM–2:30 PM Consultation'))
    expect(friday).toHaveTextContent('Ben Berg · Sam Staff')
    const days = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(days).toHaveLength(7)
    expect(days[0]).toBe('Monday, March 4')
    expect(screen.queryByText(/Cancelled/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() =>
      expect(api.bookings).toHaveBeenLastCalledWith({
        from: '2030-03-11',
        to: '2030-03-17',
        cursor: undefined,
        limit: 100,
      }),
    )
    expect(
      within(screen.getByRole('region', { name: 'Monday, March 11' })).getByText('No bookings.'),
    ).toBeInTheDocument()
    // The address keeps the view and the day, for a reload or a link.
    expect(window.location.search).toBe('?mode=week&date=2030-03-13')
  })

  it('opens at the view and day its address names, and links each entry to its booking', async () => {
    window.history.replaceState(null, '', '/en/admin/calendar/?mode=week&date=2030-03-07')
    const api = setUp()
    renderAdmin(<CalendarView now={NOW} />, { api })
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true')
    const friday = await screen.findByRole('region', { name: 'Friday, March 8' })
    const entry = await within(friday).findByRole('link', { name: '2:00 PM–2:30 PM Consultation' })
    expect(entry).toHaveAttribute('href', '/en/admin/?booking=2')
    expect(api.bookings).toHaveBeenCalledWith({
      from: '2030-03-04',
      to: '2030-03-10',
      cursor: undefined,
      limit: 100,
    })
    // Back to today: the address loses the date again.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }))
    await waitFor(() => expect(window.location.search).toBe('?mode=week'))
  })

  it('reads every page of a range', async () => {
    const api = setUp()
    api.bookings.mockResolvedValueOnce({ bookings: [], nextCursor: 'more' }).mockResolvedValueOnce({
      bookings: [
        adminBooking(9, {
          start: '2030-03-06T15:00:00.000Z',
          lines: [line(3, 'Sam Staff', '2030-03-06T15:00:00.000Z', '2030-03-06T16:00:00.000Z')],
        }),
      ],
      nextCursor: null,
    })
    renderAdmin(<CalendarView now={NOW} />, { api })
    const sam = await screen.findByRole('region', { name: 'Sam Staff' })
    await waitFor(() => expect(sam).toHaveTextContent('4:00 PM–5:00 PM'))
    expect(api.bookings).toHaveBeenLastCalledWith({
      from: '2030-03-06',
      to: '2030-03-06',
      cursor: 'more',
      limit: 100,
    })
  })
})

describe('the calendar in German', () => {
  const { wrapper: German } = inLanguage('de')
  beforeEach(() => window.history.replaceState(null, '', '/de/admin/calendar/'))

  it('names each service as the clinic translated it', async () => {
    const api = setUp()
    api.bookings.mockResolvedValue({
      bookings: [
        adminBooking(1, {
          start: '2030-03-06T09:00:00.000Z',
          lines: [
            {
              ...line(4, 'Tia Therapist', '2030-03-06T09:00:00.000Z', '2030-03-06T10:00:00.000Z'),
              serviceTranslations: { de: { name: 'Beratung', description: '' } },
            },
          ],
        }),
      ],
      nextCursor: null,
    })
    renderAdmin(
      <German>
        <CalendarView now={NOW} />
      </German>,
      { api },
    )
    const tia = await screen.findByRole('region', { name: 'Tia Therapist' })
    await waitFor(() => expect(tia).toHaveTextContent('10:00–11:00 Beratung'))
    expect(tia).not.toHaveTextContent('Consultation')
  })
})
