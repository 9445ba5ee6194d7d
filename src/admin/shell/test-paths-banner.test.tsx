import { act, screen, within } from '@testing-library/react'
import { fakeApi, renderAdmin } from '../test-support'
import { TestPathsBanner } from './test-paths-banner'

describe('the test-paths banner', () => {
  it('says in words which test paths the server takes', async () => {
    const api = fakeApi()
    api.status.mockResolvedValue({
      testPaths: ['payments', 'mail'],
      site: { state: 'current', queued: false },
    })
    renderAdmin(<TestPathsBanner />, { api })
    const banner = await screen.findByRole('region', { name: 'Test mode' })
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Card payments are not real: the test provider takes them and charges nobody.',
      'E-mails are not sent: they wait in the Outbox.',
    ])
  })

  it('is not there when payments and mail are the real ones', async () => {
    const api = fakeApi()
    api.status.mockResolvedValue({ testPaths: [], site: { state: 'current', queued: false } })
    renderAdmin(<TestPathsBanner />, { api })
    // The answer is in.
    await act(async () => {})
    expect(api.status).toHaveBeenCalled()
    expect(screen.queryByRole('region')).toBeNull()
  })
})
