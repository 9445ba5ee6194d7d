import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AdminStaff } from '../../lib/admin/api-types'
import type { CalendarConnection } from '../../lib/calendars/api-types'
import { HttpError } from '../../lib/http'
import { calendarConnections, calendarFeed, staff } from '../screen-fixtures'
import { adminUser, fakeApi, renderAdmin } from '../test-support'
import { CalendarsView } from './calendars-view'

const [nextcloud, holidays] = calendarConnections as [CalendarConnection, CalendarConnection]

const [sam, tia] = staff as [AdminStaff, AdminStaff]

function setUp() {
  const api = fakeApi()
  api.staff.mockResolvedValue([sam, tia])
  api.staffCalendars.mockResolvedValue({
    connections: calendarConnections,
    feed: calendarFeed,
  })
  return api
}

/** Tia Therapist's one account, an iCloud one. */
const tias: CalendarConnection = { ...nextcloud, id: 7, url: 'https://caldav.icloud.com/' }

/** The API of setUp, with Tia's calendars for her. */
function withTia() {
  const api = setUp()
  api.staffCalendars.mockImplementation(async (staffId) => ({
    connections: staffId === tia.id ? [tias] : calendarConnections,
    feed: calendarFeed,
  }))
  return api
}

/** A promise the test settles itself, to see what the screen shows while a call is under way. */
function pending<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const list = () => screen.getByRole('region', { name: 'Calendar connections' })
const rowOf = (url: string) => within(list()).getByRole('cell', { name: url }).closest('tr')!
const calendarsOf = (url: string) => screen.getByRole('region', { name: `Calendars of ${url}` })

const openConnect = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Connect a calendar' }))
  return screen.findByRole('region', { name: 'Connect a calendar' })
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the calendars screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/calendars/'))

  it("lists the member's connections with their state in words, and each one's calendars", async () => {
    const api = setUp()
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    expect(api.staffCalendars).toHaveBeenCalledWith(3)

    const [header, first, second] = within(list()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Kind',
      'Address',
      'User name',
      'State',
      'Last synced',
      'Busy times held',
      'Actions',
    ])
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['CalDAV account', nextcloud.url, 'sam', 'Working', 'Mar 2, 2030, 11:00 AM', '12'])
    expect(
      within(second!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual([
      'ICS feed',
      holidays.url,
      '–',
      // The reason in the page's words, then the server's own.
      'Failing: no calendar was found at this address.The feed answered 404 Not Found.',
      'Mar 1, 2030, 11:00 AM',
      '4',
    ])

    const account = calendarsOf(nextcloud.url)
    const checks = within(account).getByRole('group', { name: 'Check for conflicts' })
    expect(within(checks).getByRole('checkbox', { name: 'Personal' })).toBeChecked()
    expect(within(checks).getByRole('checkbox', { name: 'Clinic' })).toBeChecked()
    const receiving = within(account).getByRole('group', { name: 'Add new bookings to' })
    expect(within(receiving).getByRole('radio', { name: 'Clinic' })).toBeChecked()
    expect(within(receiving).getByRole('radio', { name: 'None' })).not.toBeChecked()

    // A feed has no calendar to receive bookings.
    const feed = calendarsOf(holidays.url)
    expect(within(feed).getByRole('checkbox', { name: 'School holidays' })).not.toBeChecked()
    expect(within(feed).queryByRole('radio')).not.toBeInTheDocument()
    expect(feed).toHaveTextContent('A feed is read only: new bookings cannot be added to it.')
  })

  it('says what connecting does while nothing is connected', async () => {
    const api = setUp()
    api.staffCalendars.mockResolvedValue({ connections: [], feed: calendarFeed })
    renderAdmin(<CalendarsView />, { api })
    expect(
      await screen.findByText(
        'No calendar connected yet. Busy times in the calendars you check are not offered to ' +
          'visitors; new bookings can be added to one of them.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('connects a CalDAV account, busy meanwhile, and shows it with its calendars', async () => {
    const api = setUp()
    const answer = pending<CalendarConnection>()
    api.connectCalendar.mockReturnValue(answer.promise)
    renderAdmin(<CalendarsView />, { api })
    const editor = await openConnect()
    expect(within(editor).getByRole('radio', { name: /^A CalDAV account/ })).toBeChecked()
    const password = within(editor).getByLabelText('App password')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(password).toHaveAccessibleDescription(/app password/)
    expect(password).toHaveAccessibleDescription(/Nextcloud, Fastmail and iCloud/)
    type('Server address', ' https://dav.fastmail.com/ ')
    type('User name', ' tia@fastmail.example ')
    type('App password', ' abcd efgh ')
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))

    const busy = await within(editor).findByRole('button', { name: 'Connecting…' })
    expect(busy).toBeDisabled()
    expect(api.connectCalendar).toHaveBeenCalledWith(3, {
      kind: 'caldav',
      url: 'https://dav.fastmail.com/',
      username: 'tia@fastmail.example',
      // A password is sent as typed: its spaces may be its own.
      password: ' abcd efgh ',
    })
    const connected: CalendarConnection = {
      ...nextcloud,
      id: 9,
      url: 'https://dav.fastmail.com/',
      username: 'tia@fastmail.example',
      calendars: [
        {
          url: 'https://dav.fastmail.com/dav/calendars/user/tia/default/',
          name: 'Fastmail calendar',
          color: null,
          checked: true,
          receivesBookings: false,
        },
      ],
    }
    await act(async () => answer.resolve(connected))

    expect(
      await screen.findByText(
        'https://dav.fastmail.com/ is connected. Choose below which of its calendars count.',
      ),
    ).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('region', { name: 'Connect a calendar' })).not.toBeInTheDocument()
    expect(rowOf('https://dav.fastmail.com/')).toHaveTextContent('tia@fastmail.example')
    expect(
      within(calendarsOf('https://dav.fastmail.com/')).getByRole('checkbox', {
        name: 'Fastmail calendar',
      }),
    ).toBeChecked()
  })

  it("shows the server's refusal of an account and keeps what was typed", async () => {
    const api = setUp()
    api.connectCalendar.mockRejectedValue(
      new HttpError({
        statusCode: 422,
        statusMessage: 'Unprocessable Entity',
        message: 'The calendar server refused the user name and password.',
        code: 'calendar_unauthorized',
      }),
    )
    renderAdmin(<CalendarsView />, { api })
    const editor = await openConnect()
    type('Server address', 'https://cloud.example.com/remote.php/dav')
    type('User name', 'tia')
    type('App password', 'wrong')
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))

    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'The calendar server refused the user name and password.',
    )
    expect(within(editor).getByRole('button', { name: 'Connect' })).toBeEnabled()
    expect(within(editor).getByLabelText('User name')).toHaveValue('tia')
    expect(within(editor).getByLabelText('App password')).toHaveValue('wrong')
    expect(within(list()).getAllByRole('row')).toHaveLength(3)
  })

  it('puts the message of a refused address on its field', async () => {
    const api = setUp()
    api.connectCalendar.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: 'The address is not valid.',
        code: 'invalid_request',
        fields: { url: 'This address may not be reached from the server.' },
      }),
    )
    renderAdmin(<CalendarsView />, { api })
    const editor = await openConnect()
    fireEvent.click(within(editor).getByRole('radio', { name: /^A published calendar feed/ }))
    type('Feed address', 'https://192.168.1.5/cal.ics')
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))

    await waitFor(() =>
      expect(within(editor).getByLabelText('Feed address')).toHaveAccessibleDescription(
        /This address may not be reached from the server\./,
      ),
    )
    expect(within(editor).getByLabelText('Feed address')).toHaveAttribute('aria-invalid', 'true')
  })

  it('connects a published feed by its webcal address, asking no user name or password', async () => {
    const api = setUp()
    const school: CalendarConnection = {
      ...holidays,
      id: 10,
      url: 'webcal://example.org/term.ics',
      state: 'ok',
      lastError: null,
      lastErrorCode: null,
      calendars: [{ ...holidays.calendars[0]!, url: 'webcal://example.org/term.ics' }],
    }
    api.connectCalendar.mockResolvedValue(school)
    renderAdmin(<CalendarsView />, { api })
    const editor = await openConnect()
    type('Server address', 'https://dav.example.com/')
    fireEvent.click(within(editor).getByRole('radio', { name: /^A published calendar feed/ }))
    expect(within(editor).queryByLabelText('User name')).not.toBeInTheDocument()
    expect(within(editor).queryByLabelText('App password')).not.toBeInTheDocument()
    type('Feed address', 'ftp://example.org/term.ics')
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))
    expect(
      await within(editor).findByText('Enter an address starting with https:// or webcal://.'),
    ).toBeInTheDocument()
    expect(api.connectCalendar).not.toHaveBeenCalled()

    type('Feed address', 'webcal://example.org/term.ics')
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))
    await waitFor(() =>
      expect(api.connectCalendar).toHaveBeenCalledWith(3, {
        kind: 'ics',
        url: 'webcal://example.org/term.ics',
      }),
    )
    expect(
      await screen.findByRole('region', { name: 'Calendars of webcal://example.org/term.ics' }),
    ).toBeInTheDocument()
  })

  it('asks for every field of an account before sending it', async () => {
    const api = setUp()
    renderAdmin(<CalendarsView />, { api })
    const editor = await openConnect()
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))
    await waitFor(() =>
      expect(within(editor).getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true'),
    )
    expect(within(editor).getByLabelText('Server address')).toHaveAttribute('aria-invalid', 'true')
    expect(within(editor).getByLabelText('App password')).toHaveAttribute('aria-invalid', 'true')
    expect(api.connectCalendar).not.toHaveBeenCalled()
  })

  it('saves which calendars are checked and which one receives bookings', async () => {
    const api = setUp()
    api.changeCalendarConnection.mockResolvedValue({
      ...nextcloud,
      calendars: [
        { ...nextcloud.calendars[0]!, checked: true, receivesBookings: true },
        { ...nextcloud.calendars[1]!, checked: false, receivesBookings: false },
      ],
    })
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    const account = calendarsOf(nextcloud.url)
    fireEvent.click(within(account).getByRole('checkbox', { name: 'Clinic' }))
    fireEvent.click(
      within(within(account).getByRole('group', { name: 'Add new bookings to' })).getByRole(
        'radio',
        { name: 'Personal' },
      ),
    )
    fireEvent.click(within(account).getByRole('button', { name: 'Save the calendars' }))

    await waitFor(() =>
      expect(api.changeCalendarConnection).toHaveBeenCalledWith(3, 1, {
        checked: [`${nextcloud.url}/calendars/sam/personal/`],
        receivesBookings: `${nextcloud.url}/calendars/sam/personal/`,
      }),
    )
    expect(await within(account).findByRole('status')).toHaveTextContent(
      'The calendars were saved.',
    )
    expect(within(account).getByRole('checkbox', { name: 'Clinic' })).not.toBeChecked()
  })

  it('sends no receiving calendar for "None", and only the checks for a feed', async () => {
    const api = setUp()
    api.changeCalendarConnection.mockImplementation(async (_, id) =>
      id === 1 ? nextcloud : holidays,
    )
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    const account = calendarsOf(nextcloud.url)
    fireEvent.click(within(account).getByRole('radio', { name: 'None' }))
    fireEvent.click(within(account).getByRole('button', { name: 'Save the calendars' }))
    await waitFor(() =>
      expect(api.changeCalendarConnection).toHaveBeenCalledWith(3, 1, {
        checked: [
          `${nextcloud.url}/calendars/sam/personal/`,
          `${nextcloud.url}/calendars/sam/clinic/`,
        ],
        receivesBookings: null,
      }),
    )

    const feed = calendarsOf(holidays.url)
    fireEvent.click(within(feed).getByRole('checkbox', { name: 'School holidays' }))
    fireEvent.click(within(feed).getByRole('button', { name: 'Save the calendars' }))
    await waitFor(() =>
      expect(api.changeCalendarConnection).toHaveBeenLastCalledWith(3, 2, {
        checked: [holidays.url],
      }),
    )
  })

  it('syncs a connection now and shows what the sync found', async () => {
    const api = setUp()
    const answer = pending<CalendarConnection>()
    api.syncCalendarConnection.mockReturnValue(answer.promise)
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    const sync = within(rowOf(holidays.url)).getByRole('button', {
      name: `Sync now ${holidays.url}`,
    })
    fireEvent.click(sync)
    expect(api.syncCalendarConnection).toHaveBeenCalledWith(3, 2)
    expect(sync).toBeDisabled()

    await act(async () =>
      answer.resolve({
        ...holidays,
        state: 'ok',
        lastError: null,
        lastErrorCode: null,
        failures: 0,
        lastSyncedAt: '2030-03-03T09:30:00.000Z',
        busyCount: 6,
      }),
    )
    const row = rowOf(holidays.url)
    expect(row).toHaveTextContent('Working')
    expect(row).toHaveTextContent('Mar 3, 2030, 10:30 AM')
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('6')
    expect(screen.getByText(`${holidays.url} was synced.`)).toHaveAttribute('role', 'status')
    expect(within(row).getByRole('button', { name: `Sync now ${holidays.url}` })).toBeEnabled()
  })

  it("says why a sync failed in the screen's alert", async () => {
    const api = setUp()
    api.syncCalendarConnection.mockRejectedValue(
      new HttpError({
        statusCode: 422,
        statusMessage: 'Unprocessable Entity',
        message: 'The calendar server did not answer.',
        code: 'calendar_unreachable',
      }),
    )
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    fireEvent.click(screen.getByRole('button', { name: `Sync now ${nextcloud.url}` }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The calendar server did not answer.',
    )
  })

  it('removes a connection only once that is confirmed', async () => {
    const api = setUp()
    api.removeCalendarConnection.mockResolvedValue(undefined)
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    fireEvent.click(screen.getByRole('button', { name: `Remove ${holidays.url}` }))
    const asking = screen.getByRole('alertdialog', {
      name: `Remove the connection to ${holidays.url}?`,
    })
    expect(within(asking).getByRole('button', { name: 'Remove' })).toHaveFocus()
    fireEvent.click(within(asking).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(api.removeCalendarConnection).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: `Remove ${holidays.url}` }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    expect(
      await screen.findByText(`The connection to ${holidays.url} was removed.`),
    ).toHaveAttribute('role', 'status')
    expect(api.removeCalendarConnection).toHaveBeenCalledWith(3, 2)
    expect(within(list()).queryByRole('cell', { name: holidays.url })).not.toBeInTheDocument()
    expect(
      screen.queryByRole('region', { name: `Calendars of ${holidays.url}` }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('shows the booking feed to copy and subscribe to, and a new address once that is confirmed', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const api = setUp()
    const rotated = {
      url: 'https://harbor-physio.example/api/staff/3/calendar.ics?token=tok_second',
      webcal: 'webcal://harbor-physio.example/api/staff/3/calendar.ics?token=tok_second',
    }
    api.rotateCalendarFeed.mockResolvedValue(rotated)
    renderAdmin(<CalendarsView />, { api })
    const feed = await screen.findByRole('region', { name: 'Booking feed of Sam Staff' })
    expect(within(feed).getByLabelText('Feed address (https)')).toHaveValue(calendarFeed.url)
    expect(within(feed).getByLabelText('Feed address (https)')).toHaveAttribute('readonly')
    expect(within(feed).getByLabelText('Subscription address (webcal)')).toHaveValue(
      calendarFeed.webcal,
    )
    expect(within(feed).getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      calendarFeed.webcal,
    )
    fireEvent.click(
      within(feed).getByRole('button', { name: 'Copy Subscription address (webcal)' }),
    )
    expect(await within(feed).findByText('Copied.')).toHaveAttribute('role', 'status')
    expect(writeText).toHaveBeenCalledWith(calendarFeed.webcal)

    fireEvent.click(within(feed).getByRole('button', { name: 'New feed address' }))
    const asking = within(feed).getByRole('alertdialog', { name: 'Make a new feed address?' })
    expect(asking).toHaveAccessibleDescription(/The current address stops working at once\./)
    fireEvent.click(within(asking).getByRole('button', { name: 'Keep the current one' }))
    expect(api.rotateCalendarFeed).not.toHaveBeenCalled()

    fireEvent.click(within(feed).getByRole('button', { name: 'New feed address' }))
    fireEvent.click(within(feed).getByRole('button', { name: 'Make a new address' }))
    expect(
      await within(feed).findByText(
        'The feed has a new address. Subscribe to it again in your calendar apps.',
      ),
    ).toHaveAttribute('role', 'status')
    expect(api.rotateCalendarFeed).toHaveBeenCalledWith(3)
    expect(within(feed).getByLabelText('Feed address (https)')).toHaveValue(rotated.url)
    expect(within(feed).getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      rotated.webcal,
    )
    // What was copied was the old address.
    expect(within(feed).queryByText('Copied.')).not.toBeInTheDocument()
  })

  it('gives a staff account its own calendars and feed, without a choice of member', async () => {
    const api = setUp()
    renderAdmin(<CalendarsView />, { api, user: adminUser('staff', { staffId: 4 }) })
    expect(await screen.findByRole('region', { name: 'Your booking feed' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Staff member')).not.toBeInTheDocument()
    expect(api.staffCalendars).toHaveBeenCalledWith(4)
    expect(api.staffCalendars).not.toHaveBeenCalledWith(3)
  })

  it('shows the member chosen, kept in the address, and closes what was open for the other', async () => {
    const api = withTia()
    renderAdmin(<CalendarsView />, { api })
    await openConnect()
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '4' } })
    expect(await screen.findByRole('cell', { name: tias.url })).toBeInTheDocument()
    expect(within(list()).queryByRole('cell', { name: nextcloud.url })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Connect a calendar' })).not.toBeInTheDocument()
    expect(
      screen.getByRole('region', { name: 'Booking feed of Tia Therapist' }),
    ).toBeInTheDocument()
    expect(window.location.search).toBe('?staffId=4')

    api.connectCalendar.mockResolvedValue({ ...holidays, id: 11 })
    const editor = await openConnect()
    fireEvent.click(within(editor).getByRole('radio', { name: /^A published calendar feed/ }))
    type('Feed address', holidays.url)
    fireEvent.click(within(editor).getByRole('button', { name: 'Connect' }))
    await waitFor(() => expect(api.connectCalendar).toHaveBeenCalledWith(4, expect.anything()))
  })

  it("puts no answer for one member among another's connections", async () => {
    const api = withTia()
    const answer = pending<CalendarConnection>()
    api.syncCalendarConnection.mockReturnValue(answer.promise)
    renderAdmin(<CalendarsView />, { api })
    await screen.findByRole('region', { name: 'Calendar connections' })
    fireEvent.click(screen.getByRole('button', { name: `Sync now ${holidays.url}` }))
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '4' } })
    await screen.findByRole('cell', { name: tias.url })
    await act(async () => answer.resolve(holidays))
    expect(within(list()).getAllByRole('row')).toHaveLength(2)
    expect(within(list()).queryByRole('cell', { name: holidays.url })).not.toBeInTheDocument()
  })

  it("says when the member's calendars cannot be read", async () => {
    const api = setUp()
    api.staffCalendars.mockRejectedValue(
      new HttpError({
        statusCode: 404,
        statusMessage: 'Not Found',
        message: 'No such staff member.',
        code: 'not_found',
      }),
    )
    renderAdmin(<CalendarsView />, { api })
    expect(await screen.findByRole('alert')).toHaveTextContent('No such staff member.')
    expect(screen.queryByRole('region', { name: 'Calendar connections' })).not.toBeInTheDocument()
  })
})
