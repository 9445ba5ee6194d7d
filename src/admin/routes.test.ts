import { adminScreens, canOpen, parseAdminPath } from './routes'

describe('dashboard paths', () => {
  it('finds the screen under any locale, bookings by default', () => {
    expect(parseAdminPath('/de/admin/calendar/')).toEqual({
      base: '/de/admin/',
      screen: 'calendar',
    })
    expect(parseAdminPath('/pt-br/admin/')).toEqual({ base: '/pt-br/admin/', screen: 'bookings' })
    expect(parseAdminPath('/admin/outbox/')).toEqual({ base: '/admin/', screen: 'outbox' })
    expect(parseAdminPath('/fr/admin/embedding/')).toEqual({
      base: '/fr/admin/',
      screen: 'embedding',
    })
  })

  it('names no screen for an unknown path', () => {
    expect(parseAdminPath('/en/admin/preferences/')).toEqual({ base: '/en/admin/', screen: null })
    expect(parseAdminPath('/en/admin/users/3/')).toEqual({ base: '/en/admin/', screen: null })
  })

  it('keeps audit and users to owners and admins, the outbox from staff', () => {
    expect(canOpen('admin', 'users')).toBe(true)
    expect(canOpen('front_desk', 'users')).toBe(false)
    expect(canOpen('front_desk', 'outbox')).toBe(true)
    expect(canOpen('front_desk', 'availability')).toBe(false)
    expect(canOpen('staff', 'outbox')).toBe(false)
    expect(canOpen('staff', 'availability')).toBe(true)
  })

  it('opens the calendars to owners, admins and staff for their own, not the front desk or an editor', () => {
    expect(
      (['owner', 'admin', 'staff', 'front_desk', 'editor'] as const).map((role) =>
        canOpen(role, 'calendars'),
      ),
    ).toEqual([true, true, true, false, false])
    expect(parseAdminPath('/pl/admin/calendars/')).toEqual({
      base: '/pl/admin/',
      screen: 'calendars',
    })
    expect(adminScreens.indexOf('calendars')).toBe(adminScreens.indexOf('availability') + 1)
  })

  it('keeps forms, webhooks, API keys and embedding to owners and admins', () => {
    expect(parseAdminPath('/de/admin/api-keys/')).toEqual({
      base: '/de/admin/',
      screen: 'api-keys',
    })
    expect(canOpen('editor', 'api-keys')).toBe(false)
    for (const screen of ['forms', 'webhooks', 'api-keys', 'embedding'] as const) {
      expect([screen, canOpen('owner', screen), canOpen('admin', screen)]).toEqual([
        screen,
        true,
        true,
      ])
      expect([screen, canOpen('front_desk', screen), canOpen('staff', screen)]).toEqual([
        screen,
        false,
        false,
      ])
    }
  })

  it('gives an editor the content, the media and the site’s settings alone, the content at the dashboard’s own address', () => {
    expect(adminScreens.filter((screen) => canOpen('editor', screen))).toEqual([
      'content',
      'media',
      'settings',
    ])
    expect(parseAdminPath('/de/admin/', 'editor').screen).toBe('content')
    expect(parseAdminPath('/de/admin/', 'front_desk').screen).toBe('bookings')
    expect(
      ['owner', 'admin', 'front_desk', 'staff'].map((role) => canOpen(role as never, 'content')),
    ).toEqual([true, true, false, false])
  })
})
