import { HttpError, type HttpClient } from '../lib/http'
import { bookingsCsvUrl, createAdminApi } from './api'

const unauthorized = new HttpError({
  statusCode: 401,
  statusMessage: 'Unauthorized',
  message: 'Sign in first.',
})

function fakeClient() {
  const client: jest.Mocked<HttpClient> = {
    get: jest.fn(),
    head: jest.fn(),
    delete: jest.fn(),
    post: jest.fn(),
    put: jest.fn(),
    patch: jest.fn(),
  }
  client.get.mockResolvedValue({ csrfToken: 'csrf-7' })
  client.post.mockResolvedValue({ csrfToken: 'csrf-8' })
  client.delete.mockResolvedValue(undefined)
  client.patch.mockResolvedValue({})
  return client
}

describe("the dashboard's API", () => {
  it("sends the session's CSRF token on every change, never on a read", async () => {
    const client = fakeClient()
    const api = createAdminApi(client)
    await api.session()
    await api.saveWeeklyHours(3, { '1': [{ start: '09:00', end: '12:00' }] }, 4)
    await api.removeOverride(3, '2030-03-08')
    await api.audit()
    expect(client.patch).toHaveBeenCalledWith(
      '/admin/staff/3',
      { weeklyHours: { '1': [{ start: '09:00', end: '12:00' }] }, version: 4 },
      { headers: { 'x-csrf-token': 'csrf-7' } },
    )
    expect(client.delete).toHaveBeenCalledWith('/admin/staff/3/overrides/2030-03-08', {
      headers: { 'x-csrf-token': 'csrf-7' },
    })
    expect(client.get).toHaveBeenLastCalledWith('/admin/audit', {
      params: { cursor: undefined, limit: 50 },
    })
  })

  it('takes the token a sign-in gives, and forgets it on signing out', async () => {
    const client = fakeClient()
    const api = createAdminApi(client)
    await api.signIn({ email: 'a@example.com', password: 'secret' })
    await api.confirm(4)
    expect(client.post).toHaveBeenLastCalledWith(
      '/admin/bookings/4/confirm',
      {},
      { headers: { 'x-csrf-token': 'csrf-8' } },
    )
    await api.signOut()
    await api.markNoShow(4)
    expect(client.post).toHaveBeenLastCalledWith('/admin/bookings/4/no-show', {}, { headers: {} })
  })

  it('tells the dashboard when a request finds no session, but not when signing in fails', async () => {
    const client = fakeClient()
    client.post.mockRejectedValue(unauthorized)
    const api = createAdminApi(client)
    const ended = jest.fn()
    const stop = api.onSessionEnded(ended)
    await expect(api.signIn({ email: 'a@example.com', password: 'wrong' })).rejects.toBe(
      unauthorized,
    )
    expect(ended).not.toHaveBeenCalled()
    await expect(api.cancel(4, 'ill')).rejects.toBe(unauthorized)
    expect(ended).toHaveBeenCalledTimes(1)
    stop()
    await expect(api.cancel(4, 'ill')).rejects.toBe(unauthorized)
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it("sends a member's calendar calls to their own addresses, the changes with the token", async () => {
    const client = fakeClient()
    const api = createAdminApi(client)
    await api.session()
    const guarded = { headers: { 'x-csrf-token': 'csrf-7' } }
    await api.staffCalendars(3)
    expect(client.get).toHaveBeenLastCalledWith('/admin/staff/3/calendars', undefined)
    await api.connectCalendar(3, { kind: 'ics', url: 'webcal://example.org/term.ics' })
    expect(client.post).toHaveBeenLastCalledWith(
      '/admin/staff/3/calendars',
      { kind: 'ics', url: 'webcal://example.org/term.ics' },
      guarded,
    )
    await api.changeCalendarConnection(3, 9, { receivesBookings: null })
    expect(client.patch).toHaveBeenLastCalledWith(
      '/admin/staff/3/calendars/9',
      { receivesBookings: null },
      guarded,
    )
    await api.syncCalendarConnection(3, 9)
    expect(client.post).toHaveBeenLastCalledWith('/admin/staff/3/calendars/9/sync', {}, guarded)
    await api.removeCalendarConnection(3, 9)
    expect(client.delete).toHaveBeenLastCalledWith('/admin/staff/3/calendars/9', guarded)
    await api.rotateCalendarFeed(3)
    expect(client.post).toHaveBeenLastCalledWith('/admin/staff/3/calendar-feed', {}, guarded)
  })

  it('links the CSV of the filtered bookings', () => {
    expect(bookingsCsvUrl({})).toBe('/api/admin/bookings.csv')
    expect(bookingsCsvUrl({ tab: 'past', staffId: 3, q: 'ana silva' })).toBe(
      '/api/admin/bookings.csv?tab=past&staffId=3&q=ana+silva',
    )
  })
})
