import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AdminOneTimeLink } from '../../lib/admin/catalogue-types'
import { HttpError } from '../../lib/http'
import { serviceChoices } from '../catalogue/fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { LinksView } from './links-view'

const link = (id: number, extra: Partial<AdminOneTimeLink> = {}): AdminOneTimeLink => ({
  id,
  serviceId: 1,
  serviceName: 'Consultation',
  createdAt: '2030-03-01T10:00:00.000Z',
  expiresAt: null,
  usedAt: null,
  bookingId: null,
  state: 'unused',
  ...extra,
})

function setUp() {
  const api = fakeApi()
  api.serviceChoices.mockResolvedValue(serviceChoices)
  api.oneTimeLinks.mockResolvedValue({
    links: [
      link(3),
      link(2, { state: 'used', usedAt: '2030-03-02T09:00:00.000Z', bookingId: 41 }),
      link(1, { state: 'expired', expiresAt: '2030-03-01T12:00:00.000Z', serviceName: 'Massage' }),
    ],
    next: 1,
  })
  api.createOneTimeLink.mockResolvedValue({ slug: 'abc_123', widgetPath: '/widget/otl/abc_123' })
  return api
}

const clipboard = (writeText: jest.Mock | undefined) =>
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  })

async function createLink() {
  await screen.findByRole('option', { name: 'Massage' })
  fireEvent.change(screen.getByLabelText('Service'), { target: { value: '3' } })
  fireEvent.click(screen.getByRole('button', { name: 'Create link' }))
  return screen.findByLabelText('New link')
}

describe('the one-time links screen', () => {
  it('lists links as unused, used (when, which booking) or expired, and pages on', async () => {
    const api = setUp()
    renderAdmin(<LinksView />, { api })
    const used = (await screen.findByRole('cell', { name: '#41' })).closest('tr')!
    expect(used).toHaveTextContent(/Used on Mar 2, 2030/)
    const rows = screen.getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Unused')
    expect(rows[1]).toHaveTextContent('Never')
    expect(rows[3]).toHaveTextContent('Expired')
    api.oneTimeLinks.mockResolvedValueOnce({
      links: [link(0, { serviceName: 'Old one' })],
      next: null,
    })
    fireEvent.click(screen.getByRole('button', { name: 'Show older links' }))
    expect(await screen.findByRole('cell', { name: 'Old one' })).toBeInTheDocument()
    expect(api.oneTimeLinks).toHaveBeenLastCalledWith(1)
    expect(screen.queryByRole('button', { name: 'Show older links' })).not.toBeInTheDocument()
  })

  it('creates a link with an expiry in the business zone, shows its URL and copies it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    clipboard(writeText)
    const api = setUp()
    renderAdmin(<LinksView />, { api })
    await screen.findByRole('option', { name: 'Massage' })
    fireEvent.change(screen.getByLabelText('Expires (optional)'), {
      target: { value: '2099-05-01T18:30' },
    })
    const field = await createLink()
    expect(api.createOneTimeLink).toHaveBeenCalledWith({
      serviceId: 3,
      // 18:30 in Berlin (summer time) is 16:30 UTC.
      expiresAt: '2099-05-01T16:30:00.000Z',
    })
    expect(field).toHaveValue('http://localhost/en/widget/otl/abc_123')
    expect(field).toHaveAttribute('readonly')
    await waitFor(() => expect(api.oneTimeLinks).toHaveBeenCalledTimes(2))
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Copied.')
    expect(writeText).toHaveBeenCalledWith('http://localhost/en/widget/otl/abc_123')
  })

  it('leaves the URL selected to copy by hand when the clipboard is refused', async () => {
    clipboard(jest.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError')))
    renderAdmin(<LinksView />, { api: setUp() })
    const field = (await createLink()) as HTMLInputElement
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      'The browser did not allow copying: the link is selected in the field, copy it from there.',
    )
    expect(field.selectionStart).toBe(0)
    expect(field.selectionEnd).toBe(field.value.length)
    clipboard(undefined)
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('The browser did not allow')
  })

  it('asks for a service and a future expiry, and shows the refusal of the server', async () => {
    const api = setUp()
    api.createOneTimeLink.mockRejectedValue(
      new HttpError({
        statusCode: 404,
        statusMessage: 'Not Found',
        message: 'The one-time link refers to something that does not exist.',
      }),
    )
    renderAdmin(<LinksView />, { api })
    await screen.findByRole('option', { name: 'Massage' })
    fireEvent.change(screen.getByLabelText('Expires (optional)'), {
      target: { value: '2001-01-01T10:00' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }))
    expect(await screen.findByText('Choose the service the link books.')).toBeInTheDocument()
    expect(screen.getByText('Choose a time in the future.')).toBeInTheDocument()
    expect(api.createOneTimeLink).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }))
    const form = screen.getByRole('button', { name: 'Create link' }).closest('form')!
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The one-time link refers to something that does not exist.',
    )
    expect(api.createOneTimeLink).toHaveBeenCalledWith({ serviceId: 1 })
    expect(screen.queryByLabelText('New link')).not.toBeInTheDocument()
  })
})
