import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { menu, serviceChoices } from '../catalogue/fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { MenusView } from './menus-view'

function setUp() {
  const api = fakeApi()
  api.serviceMenus.mockResolvedValue([menu])
  api.serviceChoices.mockResolvedValue(serviceChoices)
  return api
}

describe('the service menus screen', () => {
  it('lists menus with their public widget link and services', async () => {
    renderAdmin(<MenusView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'All treatments' })).closest('tr')!
    expect(within(row).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost/en/widget/service-menus/all-treatments',
    )
    await waitFor(() => expect(row).toHaveTextContent('Massage, Consultation'))
    expect(row).toHaveTextContent('Published')
  })

  it('edits the headings: a new one with its services, keeping the translations of the old', async () => {
    const api = setUp()
    api.updateServiceMenu.mockResolvedValue({ id: 7 })
    renderAdmin(<MenusView />, { api })
    await screen.findByRole('cell', { name: 'All treatments' })
    fireEvent.click(screen.getByRole('button', { name: 'Edit All treatments' }))
    expect(await screen.findByLabelText('Heading 1')).toHaveValue('One to one')
    fireEvent.click(screen.getByRole('button', { name: 'Add a heading' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Give every heading a name.')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Heading 2'), { target: { value: ' Classes ' } })
    const classes = screen.getByRole('group', { name: 'Services under Classes, in order' })
    fireEvent.change(within(classes).getByLabelText('Add a service'), { target: { value: '2' } })
    fireEvent.click(within(classes).getByRole('button', { name: 'Add' }))
    fireEvent.click(screen.getByRole('button', { name: 'Move heading up Classes' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(api.updateServiceMenu).toHaveBeenCalledWith(7, {
        slug: 'all-treatments',
        name: 'All treatments',
        description: '',
        published: true,
        headings: [
          { name: 'Classes', translations: {}, serviceIds: [2] },
          { name: 'One to one', translations: { de: { name: 'Einzeln' } }, serviceIds: [3, 1] },
        ],
      }),
    )
    expect(await screen.findByText('The service menu All treatments was saved.')).toBeVisible()
    expect(api.serviceMenus).toHaveBeenCalledTimes(2)
  })

  it('creates a menu, and shows what the server refused', async () => {
    const api = setUp()
    api.createServiceMenu.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: 'Every service listed must exist and belong to the same provider.',
      }),
    )
    renderAdmin(<MenusView />, { api })
    await screen.findByRole('cell', { name: 'All treatments' })
    fireEvent.click(screen.getByRole('button', { name: 'New service menu' }))
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Spring' } })
    fireEvent.change(screen.getByLabelText('Address name (slug)'), { target: { value: 'spring' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Add at least one heading.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add a heading' }))
    fireEvent.change(screen.getByLabelText('Heading 1'), { target: { value: 'Offers' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Add at least one service under every heading.'),
    ).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Add a service'), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Every service listed must exist and belong to the same provider.',
    )
    expect(api.createServiceMenu).toHaveBeenCalledWith({
      providerId: 1,
      slug: 'spring',
      name: 'Spring',
      description: '',
      published: false,
      headings: [{ name: 'Offers', translations: {}, serviceIds: [1] }],
    })
  })

  it('deletes a menu once confirmed, and shows a refusal', async () => {
    const api = setUp()
    api.deleteServiceMenu.mockRejectedValueOnce(
      new HttpError({
        statusCode: 404,
        statusMessage: 'Not Found',
        message: 'No such service menu.',
      }),
    )
    renderAdmin(<MenusView />, { api })
    await screen.findByRole('cell', { name: 'All treatments' })
    fireEvent.click(screen.getByRole('button', { name: 'Delete All treatments' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No such service menu.')
    expect(screen.getByRole('cell', { name: 'All treatments' })).toBeInTheDocument()
    api.deleteServiceMenu.mockResolvedValueOnce(undefined)
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    expect(await screen.findByText('The service menu All treatments was deleted.')).toBeVisible()
    expect(api.deleteServiceMenu).toHaveBeenLastCalledWith(7)
  })
})
