import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { fakeApi, renderAdmin, webhookDelivery, webhookEndpoint } from '../test-support'
import { WebhooksView } from './webhooks-view'

const refusal = (message: string, statusCode = 400) =>
  new HttpError({ statusCode, statusMessage: 'Bad Request', message })

function setUp() {
  const api = fakeApi()
  api.webhooks.mockResolvedValue({ endpoints: [webhookEndpoint] })
  return api
}

const rowOf = async (url: string) => (await screen.findByRole('cell', { name: url })).closest('tr')!

describe('the webhooks screen', () => {
  it("lists the provider's endpoints with their events and state", async () => {
    const api = setUp()
    renderAdmin(<WebhooksView />, { api })
    const row = await rowOf(webhookEndpoint.url)
    expect(api.webhooks).toHaveBeenCalledWith(7)
    expect(row).toHaveTextContent('booking.createdbooking.cancelled')
    expect(row).toHaveTextContent('Enabled')
  })

  it('adds an endpoint after checking the form, and shows its secret once', async () => {
    const api = setUp()
    api.createWebhook.mockImplementation(async (_provider, request) => ({
      ...webhookEndpoint,
      id: 12,
      url: request.url,
      eventTypes: request.eventTypes,
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    }))
    renderAdmin(<WebhooksView />, { api })
    await rowOf(webhookEndpoint.url)
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'hooks.example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByText('Enter an http or https address.')).toBeInTheDocument()
    expect(screen.getByText('Choose at least one event.')).toBeInTheDocument()
    expect(api.createWebhook).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('URL'), {
      target: { value: ' https://crm.example.com/in ' },
    })
    fireEvent.click(screen.getByRole('checkbox', { name: 'form.submitted' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() =>
      expect(api.createWebhook).toHaveBeenCalledWith(7, {
        url: 'https://crm.example.com/in',
        eventTypes: ['form.submitted'],
      }),
    )
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    )
    expect(screen.getByLabelText('Signing secret')).toHaveAttribute('readonly')
    expect(await rowOf('https://crm.example.com/in')).toHaveTextContent('form.submitted')
    expect(screen.getByText('https://crm.example.com/in was added.')).toHaveAttribute(
      'role',
      'status',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('Signing secret')).toBeNull()
  })

  it("shows the server's refusal of a new endpoint", async () => {
    const api = setUp()
    api.createWebhook.mockRejectedValue(
      refusal('The webhook host 10.0.0.5 is a private address; webhooks go to public addresses.'),
    )
    renderAdmin(<WebhooksView />, { api })
    await rowOf(webhookEndpoint.url)
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://10.0.0.5/in' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'booking.created' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The webhook host 10.0.0.5 is a private address',
    )
    expect(screen.queryByLabelText('Signing secret')).toBeNull()
  })

  it('disables, and deletes an endpoint once confirmed', async () => {
    const api = setUp()
    api.changeWebhook.mockResolvedValue({ ...webhookEndpoint, enabled: false })
    api.deleteWebhook.mockResolvedValue(undefined)
    renderAdmin(<WebhooksView />, { api })
    const row = await rowOf(webhookEndpoint.url)
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(row).toHaveTextContent('Disabled'))
    expect(api.changeWebhook).toHaveBeenCalledWith(11, { enabled: false })
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeInTheDocument()

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }))
    fireEvent.click(within(row).getByRole('button', { name: 'Keep' }))
    expect(api.deleteWebhook).not.toHaveBeenCalled()
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }))
    fireEvent.click(within(row).getByRole('button', { name: 'Delete for good' }))
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: webhookEndpoint.url })).toBeNull(),
    )
    expect(api.deleteWebhook).toHaveBeenCalledWith(11)
    expect(screen.getByRole('status')).toHaveTextContent(`${webhookEndpoint.url} was deleted.`)
  })

  it("shows an endpoint's deliveries, pages to older ones, and resends one", async () => {
    const api = setUp()
    api.webhookDeliveries
      .mockResolvedValueOnce({ deliveries: [webhookDelivery(31)], next: 31 })
      .mockResolvedValueOnce({
        deliveries: [
          webhookDelivery(30, {
            eventType: 'booking.cancelled',
            state: 'delivered',
            attempts: 1,
            lastStatusCode: 204,
          }),
        ],
        next: null,
      })
    api.resendDelivery.mockResolvedValue({ id: 31, state: 'pending' })
    renderAdmin(<WebhooksView />, { api })
    fireEvent.click(
      within(await rowOf(webhookEndpoint.url)).getByRole('button', { name: 'Deliveries' }),
    )
    const failed = (await screen.findByRole('cell', { name: 'Failed · HTTP 500' })).closest('tr')!
    expect(api.webhookDeliveries).toHaveBeenCalledWith(11, undefined)
    expect(within(failed).getAllByRole('cell')[2]).toHaveTextContent('8')

    fireEvent.click(screen.getByRole('button', { name: 'Older deliveries' }))
    expect(await screen.findByRole('cell', { name: 'Delivered · HTTP 204' })).toBeInTheDocument()
    expect(api.webhookDeliveries).toHaveBeenLastCalledWith(11, 31)

    fireEvent.click(within(failed).getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(api.resendDelivery).toHaveBeenCalledWith(31))
    expect(await within(failed).findByRole('cell', { name: 'Pending · HTTP 500' })).toBeVisible()
    expect(within(failed).getByRole('button', { name: 'Resend' })).toBeDisabled()
    expect(screen.getByText('booking.created will be sent again.')).toHaveAttribute(
      'role',
      'status',
    )
  })

  it("shows the server's refusal of a resend", async () => {
    const api = setUp()
    api.webhookDeliveries.mockResolvedValue({ deliveries: [webhookDelivery(31)], next: null })
    api.resendDelivery.mockRejectedValue(refusal('No such webhook delivery.', 404))
    renderAdmin(<WebhooksView />, { api })
    fireEvent.click(
      within(await rowOf(webhookEndpoint.url)).getByRole('button', { name: 'Deliveries' }),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No such webhook delivery.')
  })
})
