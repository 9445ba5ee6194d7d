import { act, screen } from '@testing-library/react'
import { fakeApi, renderAdmin } from '../test-support'
import { SITE_STATUS_POLL_MS, SiteStatusLine } from './site-status-line'

afterEach(() => jest.useRealTimers())

describe('the site status line', () => {
  it('says the site is up to date', async () => {
    renderAdmin(<SiteStatusLine />)
    expect(await screen.findByText(/^Site:/)).toHaveTextContent('Site: up to date')
  })

  it('follows a price change: queued, then updating, then up to date', async () => {
    jest.useFakeTimers()
    const api = fakeApi()
    api.status
      .mockResolvedValueOnce({
        testPaths: [],
        site: { state: 'queued', since: '2030-03-04T09:15:00Z', queued: true },
      })
      .mockResolvedValueOnce({
        testPaths: [],
        site: { state: 'building', since: '2030-03-04T09:15:03Z', queued: false },
      })
      .mockResolvedValue({ testPaths: [], site: { state: 'current', queued: false } })
    renderAdmin(<SiteStatusLine />, { api })
    // Times in the business's zone (Europe/Berlin).
    expect(await screen.findByText(/^Site:/)).toHaveTextContent(
      'Site: update queued since 10:15 AM',
    )
    await act(async () => jest.advanceTimersByTime(SITE_STATUS_POLL_MS))
    expect(screen.getByText(/^Site:/)).toHaveTextContent('Site: updating since 10:15 AM…')
    await act(async () => jest.advanceTimersByTime(SITE_STATUS_POLL_MS))
    expect(screen.getByText(/^Site:/)).toHaveTextContent('Site: up to date')
  })

  it('says when the last update failed and that the site shows the version before', async () => {
    const api = fakeApi()
    api.status.mockResolvedValue({
      testPaths: [],
      site: { state: 'failed', queued: false, lastFailedAt: '2030-03-04T13:05:00Z' },
    })
    renderAdmin(<SiteStatusLine />, { api })
    expect(await screen.findByText(/^Site:/)).toHaveTextContent(
      'Site: the update failed at 2:05 PM; the site still shows the version before it.',
    )
  })

  it('says a server that builds nothing changes the site with the next build', async () => {
    const api = fakeApi()
    api.status.mockResolvedValue({ testPaths: [], site: { state: 'deploy', queued: false } })
    renderAdmin(<SiteStatusLine />, { api })
    expect(await screen.findByText(/^Site:/)).toHaveTextContent(
      'Site: changes appear after the next build (npm run build).',
    )
  })
})
