import { fireEvent, render, screen, within } from '@testing-library/react'
import type { AdminRole } from '../../lib/admin/api-types'
import { HttpError } from '../../lib/http'
import { createAdminApi } from '../api'
import { adminUser, fakeApi, fakeHttp } from '../test-support'
import { AdminApp } from './admin-app'

const sessionFor = (role: AdminRole, mustChangePassword = false) => ({
  user: adminUser(role, { mustChangePassword, name: 'Fran Desk' }),
  csrfToken: 'csrf-1',
  expiresAt: '2030-03-05T08:00:00.000Z',
})

function apiWith(role: AdminRole) {
  const api = fakeApi()
  api.session.mockResolvedValue(sessionFor(role))
  api.staff.mockResolvedValue([])
  api.bookings.mockResolvedValue({ bookings: [], nextCursor: null })
  api.outbox.mockResolvedValue({ messages: [], next: null })
  api.signOut.mockResolvedValue(undefined)
  return api
}

describe('the dashboard', () => {
  it('asks to sign in when there is no session', async () => {
    const api = fakeApi()
    api.session.mockRejectedValue(
      new HttpError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first.' }),
    )
    render(<AdminApp pathname="/en/admin/" api={api} />)
    expect(
      await screen.findByRole('heading', { name: 'Sign in to the dashboard' }),
    ).toBeInTheDocument()
  })

  it('asks for a new password before anything else', async () => {
    const api = fakeApi()
    api.session.mockResolvedValue(sessionFor('owner', true))
    render(<AdminApp pathname="/en/admin/" api={api} />)
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows the screens the role may open, with landmarks, the current one marked', async () => {
    render(<AdminApp pathname="/de/admin/outbox/" api={apiWith('front_desk')} />)
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Bookings', '/de/admin/'],
      ['Calendar', '/de/admin/calendar/'],
      ['Outbox', '/de/admin/outbox/'],
    ])
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByRole('banner')).toHaveTextContent('Fran Desk · Front desk')
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Sent e-mails',
    )
  })

  it('shows an editor the site’s content, media and settings alone, the content at the dashboard’s own address', async () => {
    const api = apiWith('editor')
    api.contentItems.mockResolvedValue([])
    api.contentPage.mockResolvedValue({ items: [], nextCursor: null })
    render(<AdminApp pathname="/en/admin/" api={api} />)
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Content', 'Media', 'Site settings'])
    expect(within(nav).getByRole('link', { name: 'Content' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByRole('banner')).toHaveTextContent('Fran Desk · Editor')
    expect(
      await within(screen.getByRole('main')).findByRole('heading', { level: 1 }),
    ).toHaveTextContent('Site content')
    expect(api.bookings).not.toHaveBeenCalled()
  })

  it('says on every screen that card payments are not real, e-mails are not sent, and whether the site is up to date', async () => {
    const api = apiWith('front_desk')
    api.status.mockResolvedValue({
      testPaths: ['payments', 'mail'],
      site: { state: 'current', queued: false },
    })
    render(<AdminApp pathname="/en/admin/calendar/" api={api} />)
    const banner = await screen.findByRole('region', { name: 'Test mode' })
    expect(banner).toHaveTextContent('Card payments are not real')
    expect(banner).toHaveTextContent('E-mails are not sent')
    expect(await screen.findByText('Site: up to date')).toBeInTheDocument()
  })

  it('gives owners the audit log and users, and refuses a screen the role may not open', async () => {
    const { unmount } = render(<AdminApp pathname="/en/admin/" api={apiWith('owner')} />)
    const nav = await screen.findByRole('navigation')
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument()
    unmount()
    render(<AdminApp pathname="/en/admin/users/" api={apiWith('staff')} />)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('signs out back to the sign-in screen', async () => {
    const api = apiWith('admin')
    render(<AdminApp pathname="/en/admin/calendar/" api={api} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('You are signed out.')).toHaveAttribute('role', 'status')
    expect(api.signOut).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('goes back to signing in when a request finds the session gone', async () => {
    const http = fakeHttp()
    const expired = new HttpError({
      statusCode: 401,
      statusMessage: 'Unauthorized',
      message: 'Sign in first.',
    })
    http.get.mockImplementation(async (path: string) => {
      if (path === '/admin/session') return sessionFor('owner')
      if (path === '/admin/staff') return []
      throw expired
    })
    render(<AdminApp pathname="/en/admin/" api={createAdminApi(http)} />)
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toHaveAttribute('role', 'status')
    expect(screen.getByRole('heading', { name: 'Sign in to the dashboard' })).toBeInTheDocument()
  })
})
