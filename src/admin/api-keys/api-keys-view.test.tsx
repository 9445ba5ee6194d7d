import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { apiKeys, createdApiKey } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { ApiKeysView } from './api-keys-view'

function setUp() {
  const api = fakeApi()
  api.apiKeys.mockResolvedValue(apiKeys)
  return api
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!

const clipboard = (writeText: jest.Mock | undefined) =>
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  })

afterEach(() => clipboard(undefined))

describe('the API keys screen', () => {
  it('lists each key with its prefix, scopes, maker, last use and state', async () => {
    renderAdmin(<ApiKeysView />, { api: setUp() })
    const crm = await rowOf('CRM')
    expect(within(crm).getByText('hp_live_AbCd…').tagName).toBe('CODE')
    expect(crm).toHaveTextContent('bookings:readcatalogue:read')
    expect(crm).toHaveTextContent('by owner@example.com')
    expect(crm).toHaveTextContent('Active')
    expect(within(crm).getByRole('button', { name: 'Revoke CRM' })).toBeInTheDocument()

    const expired = await rowOf('Accounting export')
    expect(expired).toHaveTextContent('Never')
    expect(expired).toHaveTextContent('Expired')
    expect(expired).not.toHaveTextContent('by ')

    const revoked = await rowOf('Old sync')
    expect(revoked).toHaveTextContent('Revoked')
    expect(within(revoked).queryByRole('button')).toBeNull()
  })

  it('makes a key from the form and shows it once, to copy, then the list again', async () => {
    const api = setUp()
    api.createApiKey.mockResolvedValue(createdApiKey)
    const writeText = jest.fn().mockResolvedValue(undefined)
    clipboard(writeText)
    renderAdmin(<ApiKeysView />, { api })
    await rowOf('CRM')
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }))
    expect(await screen.findByText('Choose at least one scope.')).toBeInTheDocument()
    expect(api.createApiKey).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Website sync ' } })
    // Each scope says what it allows.
    const write = screen.getByRole('checkbox', { name: 'content:write' })
    expect(write).toHaveAccessibleDescription(
      "Write and publish the site's pages, posts and media.",
    )
    fireEvent.click(write)
    fireEvent.click(screen.getByRole('checkbox', { name: 'content:read' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }))
    await waitFor(() =>
      expect(api.createApiKey).toHaveBeenCalledWith({
        name: 'Website sync',
        scopes: ['content:read', 'content:write'],
        expiresAt: null,
      }),
    )

    const key = await screen.findByLabelText('API key')
    expect(key).toHaveValue(createdApiKey.key)
    expect(key).toHaveAttribute('readonly')
    expect(key).toHaveAccessibleDescription(
      'Copy the key now: it will not be shown again. The list shows only its first characters.',
    )
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText('Copied.')).toHaveAttribute('role', 'status')
    expect(writeText).toHaveBeenCalledWith(createdApiKey.key)
    // The list was read again with the new key in it.
    expect(api.apiKeys).toHaveBeenCalledTimes(2)

    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('API key')).toBeNull()
    expect(screen.queryByDisplayValue(createdApiKey.key)).toBeNull()
    expect(await rowOf('CRM')).toBeInTheDocument()
  })

  it('sends the expiry as the chosen day’s start in the business’s zone', async () => {
    const api = setUp()
    api.createApiKey.mockResolvedValue(createdApiKey)
    renderAdmin(<ApiKeysView />, { api })
    await rowOf('CRM')
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }))
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'CRM 2' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'bookings:read' }))
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), {
      target: { value: '2099-01-15' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }))
    await waitFor(() =>
      expect(api.createApiKey).toHaveBeenCalledWith({
        name: 'CRM 2',
        scopes: ['bookings:read'],
        // Midnight in Berlin, in winter an hour ahead of UTC.
        expiresAt: '2099-01-14T23:00:00.000Z',
      }),
    )
  })

  it("shows the server's refusal on the field it names, keeping what was typed", async () => {
    const api = setUp()
    api.createApiKey.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: 'The request is invalid.',
        fields: { expiresAt: 'The expiry must be in the future.' },
      }),
    )
    renderAdmin(<ApiKeysView />, { api })
    await rowOf('CRM')
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }))
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'CRM 2' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'bookings:read' }))
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), {
      target: { value: '2099-01-15' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }))
    const expiry = screen.getByLabelText('Expires on (optional)')
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        expect.stringContaining('The expiry must be in the future.'),
      ),
    )
    expect(expiry).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Name')).toHaveValue('CRM 2')
    expect(screen.queryByLabelText('API key')).toBeNull()
  })

  it('revokes a key only once asked, and can keep it', async () => {
    const api = setUp()
    api.revokeApiKey.mockResolvedValue(undefined)
    renderAdmin(<ApiKeysView />, { api })
    fireEvent.click(within(await rowOf('CRM')).getByRole('button', { name: 'Revoke CRM' }))
    const asking = screen.getByRole('alertdialog', { name: 'Revoke the key CRM?' })
    expect(api.revokeApiKey).not.toHaveBeenCalled()
    fireEvent.click(within(asking).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(api.revokeApiKey).not.toHaveBeenCalled()

    fireEvent.click(within(await rowOf('CRM')).getByRole('button', { name: 'Revoke CRM' }))
    api.apiKeys.mockResolvedValue(
      apiKeys.map((key) =>
        key.id === 3 ? { ...key, revokedAt: '2030-03-03T10:00:00.000Z' } : key,
      ),
    )
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', {
      name: 'Revoke key',
    })
    expect(confirm).toHaveFocus()
    fireEvent.click(confirm)
    await waitFor(() => expect(api.revokeApiKey).toHaveBeenCalledWith(3))
    expect(await screen.findByText('The key CRM was revoked.')).toHaveAttribute('role', 'status')
    await waitFor(async () => expect(await rowOf('CRM')).toHaveTextContent('Revoked'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
