import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { group, serviceChoices } from '../catalogue/fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { GroupsView } from './groups-view'

function setUp() {
  const api = fakeApi()
  api.groups.mockResolvedValue([group])
  api.serviceChoices.mockResolvedValue(serviceChoices)
  return api
}

describe('the groups screen', () => {
  it('lists groups with their public widget link, state and services in order', async () => {
    renderAdmin(<GroupsView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'Physio' })).closest('tr')!
    expect(within(row).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost/en/widget/groups/physio',
    )
    await waitFor(() => expect(row).toHaveTextContent('Consultation, Pilates class'))
    expect(row).toHaveTextContent('Draft (not public)')
  })

  it('edits a group: reorders its services, adds one, and saves it', async () => {
    const api = setUp()
    api.updateGroup.mockResolvedValue({ id: 4 })
    renderAdmin(<GroupsView />, { api })
    await screen.findByRole('cell', { name: 'Physio' })
    fireEvent.click(screen.getByRole('button', { name: 'Edit Physio' }))
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Physio'))
    fireEvent.click(screen.getByRole('button', { name: 'Move down Consultation' }))
    fireEvent.change(screen.getByLabelText('Add a service'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    fireEvent.click(screen.getByLabelText('Published (visitors can open it)'))
    api.groups.mockResolvedValue([{ ...group, published: true, serviceIds: [2, 1, 3] }])
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(api.updateGroup).toHaveBeenCalledWith(4, {
        slug: 'physio',
        name: 'Physio',
        description: 'One-to-one care.',
        published: true,
        serviceIds: [2, 1, 3],
      }),
    )
    expect(await screen.findByText('The group Physio was saved.')).toHaveAttribute('role', 'status')
    expect(screen.getByRole('cell', { name: 'Pilates class, Consultation, Massage' })).toBeVisible()
  })

  it('creates a group, checking its fields first, and shows the refusal of the server', async () => {
    const api = setUp()
    api.createGroup.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'A group with this slug already exists.',
      }),
    )
    renderAdmin(<GroupsView />, { api })
    await screen.findByRole('cell', { name: 'Physio' })
    fireEvent.click(screen.getByRole('button', { name: 'New group' }))
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Team' } })
    fireEvent.change(screen.getByLabelText('Address name (slug)'), { target: { value: '123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText(
        'Use lowercase letters, digits and dashes (up to 80), not only digits.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Add at least one service.')).toBeInTheDocument()
    expect(api.createGroup).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Address name (slug)'), { target: { value: 'physio' } })
    fireEvent.change(screen.getByLabelText('Add a service'), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A group with this slug already exists.',
    )
    expect(api.createGroup).toHaveBeenCalledWith({
      providerId: 1,
      slug: 'physio',
      name: 'Team',
      description: '',
      published: false,
      serviceIds: [1],
    })
  })

  it('deletes a group only once confirmed', async () => {
    const api = setUp()
    api.deleteGroup.mockResolvedValue(undefined)
    renderAdmin(<GroupsView />, { api })
    await screen.findByRole('cell', { name: 'Physio' })
    fireEvent.click(screen.getByRole('button', { name: 'Delete Physio' }))
    expect(api.deleteGroup).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Physio' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the group Physio?' })
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }))
    await waitFor(() => expect(api.deleteGroup).toHaveBeenCalledWith(4))
    expect(await screen.findByText('The group Physio was deleted.')).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'Physio' })).not.toBeInTheDocument()
    expect(screen.getByText('No groups yet.')).toBeInTheDocument()
  })
})
