import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import { adminUser, fakeApi, renderAdmin, versionConflict } from '../test-support'
import { LeaveGuardProvider } from '../kit/leave-guard'
import { AvailabilityView } from './availability-view'

const sam = {
  id: 3,
  name: 'Sam Staff',
  timeZone: 'Europe/Berlin',
  weeklyHours: { '1': [{ start: '09:00', end: '17:00' }] },
  serviceIds: [1],
  outsideOpeningHours: false,
  version: 1,
}
const tia = { ...sam, id: 4, name: 'Tia Therapist', weeklyHours: {} }

function setUp() {
  const api = fakeApi()
  api.staff.mockResolvedValue([sam, tia])
  api.overrides.mockResolvedValue([
    { date: '2030-03-08', ranges: [{ start: '10:00', end: '12:00' }] },
  ])
  api.blockedPeriods.mockResolvedValue([
    {
      id: 1,
      staffId: null,
      start: '2030-12-24T23:00:00.000Z',
      end: '2030-12-26T23:00:00.000Z',
      reason: 'Holidays',
    },
    {
      id: 2,
      staffId: 4,
      start: '2030-03-01T08:00:00.000Z',
      end: '2030-03-01T12:00:00.000Z',
      reason: "Tia's course",
    },
  ])
  return api
}

const weekly = () => screen.getByRole('region', { name: 'Weekly hours' })

/**
 * Expects `text` to be said once, by the status right after the submit button named `submit`, in
 * that button's form: by the form that did it, not at the top of the page.
 */
async function expectSaidBy(submit: string, text: string) {
  const button = screen.getByRole('button', { name: submit })
  const status = await waitFor(() => {
    const next = button.nextElementSibling
    expect(next).toHaveTextContent(text)
    return next
  })
  expect(status).toHaveAttribute('role', 'status')
  expect(button.closest('form')).toContainElement(status as HTMLElement)
  expect(screen.getAllByText(text)).toHaveLength(1)
}

describe('the availability screen', () => {
  it('edits and saves the weekly hours, weekday by weekday', async () => {
    const api = setUp()
    api.saveWeeklyHours.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 2 })
    renderAdmin(<AvailabilityView />, { api })
    await screen.findByRole('region', { name: 'Weekly hours' })
    expect(within(weekly()).getByLabelText('From (Monday)')).toHaveValue('09:00')
    expect(within(weekly()).getByRole('group', { name: 'Sunday' })).toHaveTextContent('Not working')

    fireEvent.click(within(weekly()).getByRole('button', { name: 'Add hours (Tuesday)' }))
    fireEvent.change(within(weekly()).getByLabelText('From (Tuesday)'), {
      target: { value: '08:00' },
    })
    fireEvent.change(within(weekly()).getByLabelText('Until (Tuesday)'), {
      target: { value: '12:00' },
    })
    fireEvent.click(within(weekly()).getByRole('button', { name: 'Remove 09:00–17:00 (Monday)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save the weekly hours' }))

    await waitFor(() =>
      expect(api.saveWeeklyHours).toHaveBeenCalledWith(
        3,
        {
          '0': [],
          '1': [],
          '2': [{ start: '08:00', end: '12:00' }],
          '3': [],
          '4': [],
          '5': [],
          '6': [],
        },
        1,
      ),
    )
    expect(await screen.findByText('The weekly hours were saved.')).toHaveAttribute(
      'role',
      'status',
    )
    await expectSaidBy('Save the weekly hours', 'The weekly hours were saved.')
    expect(within(weekly()).getByRole('status')).toHaveTextContent('The weekly hours were saved.')
  })

  it('keeps the hours typed when someone else saved the member first, and loads theirs on request', async () => {
    const api = setUp()
    api.saveWeeklyHours.mockRejectedValue(versionConflict('staff member'))
    renderAdmin(<AvailabilityView />, { api })
    await screen.findByRole('region', { name: 'Weekly hours' })
    fireEvent.change(within(weekly()).getByLabelText('Until (Monday)'), {
      target: { value: '18:00' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save the weekly hours' }))

    expect(await within(weekly()).findByRole('alert')).toHaveTextContent(
      'Someone else saved this staff member while you were editing these hours. Your changes ' +
        'are still here but not saved: load the saved version to see theirs, then make your ' +
        'changes again and save.',
    )
    expect(within(weekly()).getByLabelText('Until (Monday)')).toHaveValue('18:00')

    api.staff.mockResolvedValue([
      { ...sam, weeklyHours: { '1': [{ start: '08:00', end: '16:00' }] }, version: 2 },
      tia,
    ])
    fireEvent.click(within(weekly()).getByRole('button', { name: 'Load the saved version' }))
    await waitFor(() =>
      expect(within(weekly()).getByLabelText('Until (Monday)')).toHaveValue('16:00'),
    )
    expect(within(weekly()).queryByRole('alert')).toBeNull()

    api.saveWeeklyHours.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 3 })
    fireEvent.change(within(weekly()).getByLabelText('Until (Monday)'), {
      target: { value: '18:00' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save the weekly hours' }))
    await waitFor(() =>
      expect(api.saveWeeklyHours).toHaveBeenLastCalledWith(
        3,
        expect.objectContaining({ '1': [{ start: '08:00', end: '18:00' }] }),
        2,
      ),
    )
    expect(await within(weekly()).findByRole('status')).toHaveTextContent(
      'The weekly hours were saved.',
    )
  })

  it('warns of the saved hours the location is closed for', async () => {
    const api = setUp()
    api.saveWeeklyHours.mockResolvedValue({
      id: 3,
      version: 2,
      outsideOpeningHours: {
        '1': [{ start: '18:30', end: '21:00' }],
        '6': [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '16:00' },
        ],
      },
    })
    renderAdmin(<AvailabilityView />, { api })
    await screen.findByRole('region', { name: 'Weekly hours' })
    expect(within(weekly()).queryByRole('alert')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Save the weekly hours' }))
    // …and of the one switch that offers them, named as the Staff screen labels it.
    expect(await within(weekly()).findByRole('alert')).toHaveTextContent(
      /^Not offered to visitors, because the location is closed then: Monday 18:30–21:00; Saturday 08:00–12:00, 13:00–16:00\. They are offered only when “Offer hours outside opening hours” is switched on for Sam Staff on the Staff screen\.$/,
    )
    expect(await screen.findByText('The weekly hours were saved.')).toBeInTheDocument()
  })

  it('refuses overlapping ranges before saving', async () => {
    const api = setUp()
    renderAdmin(<AvailabilityView />, { api })
    await screen.findByRole('region', { name: 'Weekly hours' })
    fireEvent.click(within(weekly()).getByRole('button', { name: 'Add hours (Monday)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save the weekly hours' }))
    expect(await within(weekly()).findByText('The ranges overlap.')).toBeInTheDocument()
    expect(api.saveWeeklyHours).not.toHaveBeenCalled()
  })

  it('adds a day off and gives a date back to the weekly hours', async () => {
    const api = setUp()
    api.saveOverride.mockResolvedValue({ date: '2030-03-15', ranges: [] })
    api.removeOverride.mockResolvedValue(undefined)
    renderAdmin(<AvailabilityView />, { api })
    const overrides = await screen.findByRole('region', { name: 'Dates with other hours' })
    expect(await within(overrides).findByText(/10:00–12:00/)).toBeInTheDocument()
    fireEvent.change(within(overrides).getByLabelText('Date'), { target: { value: '2030-03-15' } })
    fireEvent.click(within(overrides).getByRole('button', { name: 'Save the date' }))
    await waitFor(() => expect(api.saveOverride).toHaveBeenCalledWith(3, '2030-03-15', []))
    expect(await within(overrides).findByText(/Day off/)).toBeInTheDocument()
    await expectSaidBy('Save the date', 'The hours of Friday, March 15 were saved.')
    fireEvent.click(within(overrides).getByRole('button', { name: 'Remove Friday, March 8' }))
    await waitFor(() => expect(api.removeOverride).toHaveBeenCalledWith(3, '2030-03-08'))
    expect(
      await screen.findByText('Friday, March 8 follows the weekly hours again.'),
    ).toBeInTheDocument()
    await expectSaidBy('Save the date', 'Friday, March 8 follows the weekly hours again.')
    expect(within(overrides).getByRole('status')).toHaveTextContent(
      'Friday, March 8 follows the weekly hours again.',
    )
  })

  it("blocks a period for the whole business in its zone, and shows only this member's and the business's", async () => {
    const api = setUp()
    api.addBlockedPeriod.mockImplementation(async (period) => ({ id: 3, ...period }))
    api.removeBlockedPeriod.mockRejectedValue(
      new HttpError({
        statusCode: 404,
        statusMessage: 'Not Found',
        message: 'No such blocked period.',
      }),
    )
    renderAdmin(<AvailabilityView />, { api })
    const blocked = await screen.findByRole('region', { name: 'Blocked periods' })
    expect(await within(blocked).findByText(/Holidays/)).toBeInTheDocument()
    expect(within(blocked).queryByText(/Tia's course/)).toBeNull()

    fireEvent.change(within(blocked).getByLabelText('Blocks'), { target: { value: 'business' } })
    fireEvent.change(within(blocked).getByLabelText('Start'), {
      target: { value: '2030-07-01T12:00' },
    })
    fireEvent.change(within(blocked).getByLabelText('End'), {
      target: { value: '2030-07-01T18:00' },
    })
    fireEvent.change(within(blocked).getByLabelText('Reason'), { target: { value: 'Team day' } })
    fireEvent.click(within(blocked).getByRole('button', { name: 'Block' }))
    await waitFor(() =>
      expect(api.addBlockedPeriod).toHaveBeenCalledWith({
        staffId: null,
        start: '2030-07-01T10:00:00.000Z',
        end: '2030-07-01T16:00:00.000Z',
        reason: 'Team day',
      }),
    )
    expect(await within(blocked).findByText(/Team day/)).toBeInTheDocument()
    await expectSaidBy('Block', 'The period was blocked.')
    expect(within(blocked).getByRole('status')).toHaveTextContent('The period was blocked.')
    fireEvent.click(within(blocked).getAllByRole('button', { name: /^Remove/ })[0]!)
    expect(await within(blocked).findByRole('alert')).toHaveTextContent('No such blocked period.')
  })

  it('says by the Block button that a period was removed, and forgets it for another member', async () => {
    const api = setUp()
    api.removeBlockedPeriod.mockResolvedValue(undefined)
    renderAdmin(<AvailabilityView />, { api })
    const blocked = await screen.findByRole('region', { name: 'Blocked periods' })
    fireEvent.click(await within(blocked).findByRole('button', { name: /^Remove/ }))
    await waitFor(() => expect(api.removeBlockedPeriod).toHaveBeenCalledWith(1))
    await expectSaidBy('Block', 'The blocked period was removed.')
    expect(within(blocked).queryByText(/Holidays/)).toBeNull()
    expect(within(blocked).getByText('No blocked periods.')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '4' } })
    expect(
      await within(screen.getByRole('region', { name: 'Blocked periods' })).findByText(
        /Tia's course/,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('The blocked period was removed.')).toBeNull()
  })

  it('shows another member after choosing them, and a staff account only its own', async () => {
    const api = setUp()
    const { unmount } = renderAdmin(<AvailabilityView />, { api })
    fireEvent.change(await screen.findByLabelText('Staff member'), { target: { value: '4' } })
    await waitFor(() => expect(api.overrides).toHaveBeenLastCalledWith(4))
    expect(within(weekly()).getByRole('group', { name: 'Monday' })).toHaveTextContent('Not working')
    unmount()
    renderAdmin(<AvailabilityView />, { api: setUp(), user: adminUser('staff', { staffId: 4 }) })
    await screen.findByRole('region', { name: 'Weekly hours' })
    expect(screen.queryByLabelText('Staff member')).toBeNull()
    expect(screen.queryByLabelText('Blocks')).toBeNull()
  })

  it('asks before another member replaces hours typed and not saved, and stays when told', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false)
    renderAdmin(
      <LeaveGuardProvider>
        <AvailabilityView />
      </LeaveGuardProvider>,
      { api: setUp() },
    )
    await screen.findByRole('region', { name: 'Weekly hours' })
    fireEvent.change(within(weekly()).getByLabelText('Until (Monday)'), {
      target: { value: '18:00' },
    })
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '4' } })
    expect(confirm).toHaveBeenCalledTimes(1)
    expect((screen.getByLabelText('Staff member') as HTMLSelectElement).value).toBe('3')
    expect(within(weekly()).getByLabelText('Until (Monday)')).toHaveValue('18:00')
    confirm.mockRestore()
  })

  it('keeps the member chosen in its address, and opens on the member an address names', async () => {
    window.history.replaceState(null, '', '/en/admin/availability/')
    const api = setUp()
    const { unmount } = renderAdmin(<AvailabilityView />, { api })
    fireEvent.change(await screen.findByLabelText('Staff member'), { target: { value: '4' } })
    await waitFor(() => expect(window.location.search).toBe('?staffId=4'))
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '3' } })
    await waitFor(() => expect(window.location.search).toBe(''))
    unmount()

    window.history.replaceState(null, '', '/en/admin/availability/?staffId=4')
    renderAdmin(<AvailabilityView />, { api: setUp() })
    await waitFor(() =>
      expect((screen.getByLabelText('Staff member') as HTMLSelectElement).value).toBe('4'),
    )
    expect(within(weekly()).getByRole('group', { name: 'Monday' })).toHaveTextContent('Not working')
    expect(window.location.search).toBe('?staffId=4')
    window.history.replaceState(null, '', '/en/admin/availability/')
  })
})

describe('the availability screen in German', () => {
  const { wrapper: German } = inLanguage('de')

  it('says which switch offers the hours the location is closed for', async () => {
    const api = setUp()
    api.saveWeeklyHours.mockResolvedValue({
      id: 3,
      version: 2,
      outsideOpeningHours: { '1': [{ start: '18:30', end: '21:00' }] },
    })
    renderAdmin(
      <German>
        <AvailabilityView />
      </German>,
      { api },
    )
    const region = await screen.findByRole('region', { name: 'Wochenzeiten' })
    fireEvent.click(within(region).getByRole('button', { name: /^Wochenzeiten speichern/ }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Nicht für Besucher buchbar, weil der Standort dann geschlossen ist: Montag 18:30–21:00. ' +
        'Diese Zeiten werden nur angeboten, wenn „Zeiten außerhalb der Öffnungszeiten anbieten“ ' +
        'für Sam Staff unter Mitarbeiter eingeschaltet ist.',
    )
  })
})
