import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AdminStaff } from '../../lib/admin/api-types'
import type { AdminService } from '../../lib/admin/service-types'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import { clinicProvider, fakeApi, renderAdmin, versionConflict } from '../test-support'
import { StaffView } from './staff-view'

const sam: AdminStaff = {
  id: 3,
  name: 'Sam Staff',
  timeZone: 'Europe/Berlin',
  weeklyHours: {},
  serviceIds: [1, 2],
  outsideOpeningHours: false,
  version: 1,
}
const tia: AdminStaff = {
  id: 4,
  name: 'Tia Therapist',
  timeZone: 'Europe/Lisbon',
  weeklyHours: {},
  serviceIds: [],
  outsideOpeningHours: false,
  version: 1,
}

const service = (id: number, name: string) => ({ id, name, providerId: 7 }) as AdminService

function setUp(staff: AdminStaff[] = [sam, tia]) {
  const api = fakeApi()
  api.staff.mockResolvedValue(staff)
  api.adminServices.mockResolvedValue([service(1, 'Consultation'), service(2, 'Pilates class')])
  api.adminProviders.mockResolvedValue([clinicProvider()])
  return api
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('the staff screen', () => {
  it('lists each member with time zone and services, and points to the hours', async () => {
    renderAdmin(<StaffView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'Sam Staff' })).closest('tr')!
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['Sam Staff', 'Europe/Berlin', 'Consultation, Pilates class', 'Edit Sam Staff']),
    )
    const other = screen.getByRole('cell', { name: 'Tia Therapist' }).closest('tr')!
    expect(other).toHaveTextContent('None')
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute(
      'href',
      '../availability/',
    )
  })

  it('adds a member with a time zone and services, then lists it', async () => {
    const api = setUp()
    api.createStaffMember.mockResolvedValue({ id: 5, outsideOpeningHours: {}, version: 1 })
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'New staff member' }))
    expect(screen.getByRole('heading', { name: 'New staff member' })).toHaveFocus()
    // The business's zone is where a new member starts.
    expect(field('Time zone').value).toBe('Europe/Berlin')
    fireEvent.change(field('Name'), { target: { value: 'Uma' } })
    fireEvent.change(field('Time zone'), { target: { value: 'America/New_York' } })
    fireEvent.click(screen.getByLabelText('Pilates class'))
    const uma = {
      id: 5,
      name: 'Uma',
      timeZone: 'America/New_York',
      weeklyHours: {},
      serviceIds: [2],
      outsideOpeningHours: false,
      version: 1,
    }
    api.staff.mockResolvedValue([sam, tia, uma])
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }))
    await waitFor(() =>
      expect(api.createStaffMember).toHaveBeenCalledWith({
        providerId: 7,
        name: 'Uma',
        timeZone: 'America/New_York',
        serviceIds: [2],
        outsideOpeningHours: false,
      }),
    )
    expect(await screen.findByText('Uma was added to the staff.')).toHaveAttribute('role', 'status')
    expect(await screen.findByRole('cell', { name: 'America/New_York' })).toBeInTheDocument()
  })

  it('edits a member, sending only what changed', async () => {
    const api = setUp()
    api.updateStaffMember.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 2 })
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    expect(field('Name').value).toBe('Sam Staff')
    expect(field('Time zone').value).toBe('Europe/Berlin')
    expect(field('Consultation').checked).toBe(true)
    fireEvent.change(field('Name'), { target: { value: 'Sam Stone' } })
    fireEvent.click(screen.getByLabelText('Consultation'))
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    await waitFor(() =>
      expect(api.updateStaffMember).toHaveBeenCalledWith(3, {
        name: 'Sam Stone',
        serviceIds: [2],
        version: 1,
      }),
    )
    expect(await screen.findByText('Sam Stone was saved.')).toBeInTheDocument()
    expect(api.staff).toHaveBeenCalledTimes(2)
  })

  it("asks for a name, and shows the server's refusal", async () => {
    const api = setUp()
    api.updateStaffMember.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: '"timeZone" No Timezone found!',
      }),
    )
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Tia Therapist' }))
    fireEvent.change(field('Name'), { target: { value: ' ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    expect(await screen.findByText('This is required.')).toBeInTheDocument()
    expect(api.updateStaffMember).not.toHaveBeenCalled()
    fireEvent.change(field('Name'), { target: { value: 'Tia' } })
    fireEvent.change(field('Time zone'), { target: { value: 'Europe/Paris' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('"timeZone" No Timezone found!')
    expect(api.updateStaffMember).toHaveBeenCalledWith(4, {
      name: 'Tia',
      timeZone: 'Europe/Paris',
      version: 1,
    })
  })

  it("with several providers, starts at the site's own and offers each one's services", async () => {
    const api = setUp()
    api.adminProviders.mockResolvedValue([
      {
        id: 3,
        slug: 'annex',
        name: 'Harbor Annex',
        timeZone: 'Europe/London',
        embedOrigins: [],
        version: 1,
      },
      clinicProvider(),
    ])
    api.createStaffMember.mockResolvedValue({ id: 6, outsideOpeningHours: {}, version: 1 })
    renderAdmin(<StaffView />, { api })
    await screen.findByRole('cell', { name: 'Sam Staff' })
    fireEvent.click(await screen.findByRole('button', { name: 'New staff member' }))
    expect(field('Business').value).toBe('7')
    expect(screen.getByLabelText('Consultation')).toBeInTheDocument()
    fireEvent.change(field('Business'), { target: { value: '3' } })
    expect(screen.queryByLabelText('Consultation')).toBeNull()
    expect(screen.getByText('There are no services to offer yet.')).toBeInTheDocument()
    fireEvent.change(field('Name'), { target: { value: 'Vic' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }))
    await waitFor(() =>
      expect(api.createStaffMember).toHaveBeenCalledWith({
        providerId: 3,
        name: 'Vic',
        timeZone: 'Europe/Berlin',
        serviceIds: [],
        outsideOpeningHours: false,
      }),
    )
  })

  it('switches a member’s hours to be offered outside opening hours, saying what that does', async () => {
    const api = setUp()
    api.updateStaffMember.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 2 })
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    const outside = screen.getByRole('checkbox', { name: 'Offer hours outside opening hours' })
    expect(outside).not.toBeChecked()
    expect(outside).toHaveAccessibleDescription(
      'On: this staff member’s weekly hours are offered to visitors even when the location is ' +
        'closed (remote consultations, agreed evening hours). Off: only the hours within the ' +
        'opening hours are offered.',
    )
    fireEvent.click(outside)
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    await waitFor(() =>
      expect(api.updateStaffMember).toHaveBeenCalledWith(3, {
        outsideOpeningHours: true,
        version: 1,
      }),
    )
    expect(await screen.findByText('Sam Staff was saved.')).toBeInTheDocument()
  })

  it('shows a member’s switch as saved, and turns it off again', async () => {
    const api = setUp([{ ...sam, outsideOpeningHours: true }, tia])
    api.updateStaffMember.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 2 })
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    const outside = screen.getByRole('checkbox', { name: 'Offer hours outside opening hours' })
    expect(outside).toBeChecked()
    fireEvent.click(outside)
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    await waitFor(() =>
      expect(api.updateStaffMember).toHaveBeenCalledWith(3, {
        outsideOpeningHours: false,
        version: 1,
      }),
    )
  })

  it('keeps what was typed when someone else saved first, and loads their version on request', async () => {
    const api = setUp()
    api.updateStaffMember.mockRejectedValue(versionConflict('staff member'))
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    fireEvent.change(field('Name'), { target: { value: 'Sam Stone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this staff member while you were editing. Your changes are still here ' +
        'but not saved: load the saved version to see theirs, then make your changes again and save.',
    )
    expect(api.updateStaffMember).toHaveBeenCalledWith(3, { name: 'Sam Stone', version: 1 })
    expect(field('Name').value).toBe('Sam Stone')

    api.staff.mockResolvedValue([{ ...sam, timeZone: 'Europe/Lisbon', version: 2 }, tia])
    fireEvent.click(screen.getByRole('button', { name: 'Load the saved version' }))
    await waitFor(() => expect(field('Time zone').value).toBe('Europe/Lisbon'))
    expect(field('Name').value).toBe('Sam Staff')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Edit Sam Staff' })).toHaveFocus()

    api.updateStaffMember.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 3 })
    fireEvent.change(field('Name'), { target: { value: 'Sam Stone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    await waitFor(() =>
      expect(api.updateStaffMember).toHaveBeenLastCalledWith(3, { name: 'Sam Stone', version: 2 }),
    )
  })

  it('edits a saved member again from its new version, before the list is read anew', async () => {
    const api = setUp()
    api.updateStaffMember.mockResolvedValue({ id: 3, outsideOpeningHours: {}, version: 2 })
    renderAdmin(<StaffView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    // The list read after the save has not come back yet.
    api.staff.mockReturnValue(new Promise(() => undefined))
    fireEvent.change(field('Name'), { target: { value: 'Sam Stone' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    expect(await screen.findByText('Sam Stone was saved.')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Edit Sam Stone' }))
    expect(field('Name').value).toBe('Sam Stone')
    fireEvent.change(field('Time zone'), { target: { value: 'Europe/Lisbon' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }))
    await waitFor(() =>
      expect(api.updateStaffMember).toHaveBeenLastCalledWith(3, {
        timeZone: 'Europe/Lisbon',
        version: 2,
      }),
    )
  })
})

describe('the staff screen in German', () => {
  const { wrapper: German } = inLanguage('de')

  it('labels the switch and says what it does', async () => {
    renderAdmin(
      <German>
        <StaffView />
      </German>,
      { api: setUp() },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Bearbeiten Sam Staff' }))
    expect(
      screen.getByRole('checkbox', { name: 'Zeiten außerhalb der Öffnungszeiten anbieten' }),
    ).toHaveAccessibleDescription(/^Ein: Die Wochenzeiten dieses Mitarbeiters werden Besuchern/)
  })
})
