import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { adminUser, fakeApi, renderAdmin } from '../test-support'
import { UsersView } from './users-view'

function setUp() {
  const api = fakeApi()
  api.users.mockResolvedValue([
    { ...adminUser('owner'), disabled: false },
    {
      ...adminUser('staff', {
        id: 2,
        email: 'sam@example.com',
        name: 'Sam Staff',
        staffId: 3,
        mustChangePassword: true,
      }),
      disabled: false,
    },
  ])
  api.staff.mockResolvedValue([
    {
      id: 3,
      name: 'Sam Staff',
      timeZone: 'Europe/Berlin',
      weeklyHours: {},
      serviceIds: [1],
      outsideOpeningHours: false,
      version: 1,
    },
  ])
  return api
}

function fill(name: string, email: string, role: string, password: string) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } })
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: role } })
  fireEvent.change(screen.getByLabelText('First password'), { target: { value: password } })
}

describe('the users screen', () => {
  it('lists the accounts with their roles and staff members', async () => {
    renderAdmin(<UsersView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'sam@example.com' })).closest('tr')!
    await waitFor(() => expect(row).toHaveTextContent('Staff · first password not yet changed'))
    expect(within(row).getAllByRole('cell').at(3)).toHaveTextContent('Sam Staff')
    expect(within(row).getAllByRole('cell').at(4)).toHaveTextContent('Active')
  })

  it('creates a staff account for a staff member, with its first password', async () => {
    const api = setUp()
    api.createUser.mockImplementation(async (request) => ({
      id: 9,
      email: request.email,
      name: request.name,
      role: request.role,
      staffId: request.staffId ?? null,
      mustChangePassword: true,
    }))
    renderAdmin(<UsersView />, { api })
    await screen.findByRole('cell', { name: 'sam@example.com' })
    fill('Tia Therapist', 'tia@example.com', 'staff', 'first-password-1')
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }))
    expect(await screen.findByText('Choose the staff member this account is.')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }))
    await waitFor(() =>
      expect(api.createUser).toHaveBeenCalledWith({
        email: 'tia@example.com',
        name: 'Tia Therapist',
        role: 'staff',
        staffId: 3,
        password: 'first-password-1',
      }),
    )
    expect(await screen.findByRole('cell', { name: 'tia@example.com' })).toBeInTheDocument()
    expect(screen.getByText(/The account tia@example.com was created/)).toHaveAttribute(
      'role',
      'status',
    )
  })

  it("shows the API's refusal, and offers the owner role to owners only", async () => {
    const api = setUp()
    api.createUser.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'This e-mail already has an account.',
      }),
    )
    renderAdmin(<UsersView />, { api, user: adminUser('admin') })
    await waitFor(() => expect(screen.getAllByRole('cell', { name: 'Sam Staff' })).toHaveLength(2))
    expect(
      within(screen.getByLabelText('Role')).queryByRole('option', { name: 'Owner' }),
    ).toBeNull()
    fill('Sam Again', 'sam@example.com', 'front_desk', 'first-password-1')
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This e-mail already has an account.',
    )
  })

  it('lets an owner make owners', async () => {
    renderAdmin(<UsersView />, { api: setUp() })
    await waitFor(() => expect(screen.getAllByRole('cell', { name: 'Sam Staff' })).toHaveLength(2))
    expect(
      within(screen.getByLabelText('Role')).getByRole('option', { name: 'Owner' }),
    ).toBeInTheDocument()
  })

  it('edits an account: only what changed is sent, and the list shows it', async () => {
    const api = setUp()
    api.updateUser.mockImplementation(async (id, request) => ({
      ...adminUser('staff', { id, email: 'sam@example.com', name: request.name!, staffId: 3 }),
      disabled: request.disabled!,
    }))
    renderAdmin(<UsersView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }))
    const form = screen.getByRole('region', { name: 'Edit Sam Staff' })
    expect(within(form).getByRole('heading', { name: 'Edit Sam Staff' })).toHaveFocus()
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Sam Stone' } })
    fireEvent.click(within(form).getByLabelText('Disabled: cannot sign in'))
    fireEvent.change(within(form).getByLabelText('New one-time password'), {
      target: { value: 'short' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Use at least 10 characters.')).toBeInTheDocument()
    fireEvent.change(within(form).getByLabelText('New one-time password'), {
      target: { value: '' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(api.updateUser).toHaveBeenCalledWith(2, { name: 'Sam Stone', disabled: true }),
    )
    expect(await screen.findByText('The account sam@example.com was saved.')).toHaveAttribute(
      'role',
      'status',
    )
    const row = screen.getByRole('cell', { name: 'sam@example.com' }).closest('tr')!
    expect(row).toHaveTextContent('Sam Stone')
    expect(row).toHaveTextContent('Disabled')
    expect(screen.queryByRole('region', { name: /^Edit/ })).toBeNull()
  })

  it("offers no role or access change on one's own account, and shows the API's refusal", async () => {
    const api = setUp()
    api.updateUser.mockRejectedValue(
      new HttpError({ statusCode: 400, statusMessage: 'Bad Request', message: 'Name too long.' }),
    )
    renderAdmin(<UsersView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Olivia Owner' }))
    const form = screen.getByRole('region', { name: 'Edit Olivia Owner' })
    expect(within(form).queryByLabelText('Role')).toBeNull()
    expect(within(form).queryByLabelText('Disabled: cannot sign in')).toBeNull()
    expect(form).toHaveTextContent('Your own role and access stay as they are')
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Olivia O.' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Name too long.')
    expect(api.updateUser).toHaveBeenCalledWith(1, { name: 'Olivia O.' })
  })

  it("offers an admin no way to edit an owner's account", async () => {
    renderAdmin(<UsersView />, { api: setUp(), user: adminUser('admin', { id: 5 }) })
    expect(await screen.findByRole('button', { name: 'Edit Sam Staff' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Olivia Owner' })).toBeNull()
  })
})
