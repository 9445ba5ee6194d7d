import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react'
import { LanguageSwitcher } from '../../components/language-switcher'
import type { AdminUser } from '../../lib/admin/api-types'
import { adminApiOver, type AdminApi } from '../api'
import { LeaveGuardProvider, useGuardedLinks, useMayLeave } from '../kit/leave-guard'
import { QuietButton } from '../kit/main-action'
import { adminScreens, canOpen, parseAdminPath, type AdminScreen } from '../routes'
import type { SessionClient } from '../session/session-api'
import { AdminContext, useAdmin } from './admin-context'
import type { Business } from './use-business'
import { SiteStatusLine } from './site-status-line'
import { TestPathsBanner } from './test-paths-banner'

/** A screen loaded when it is first opened: its code, and what only it uses, is a chunk of its own. */
const screen = <Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((module) => ({ default: module[name] })))

/*
 * Each screen is its own chunk, so signing in fetches none of them, nor the validation and
 * formatting libraries only screens use (issue 30: the sign-in page loaded every screen's code).
 */
const views: Record<AdminScreen, LazyExoticComponent<ComponentType>> = {
  bookings: screen(() => import('../bookings/bookings-view'), 'BookingsView'),
  calendar: screen(() => import('../calendar/calendar-view'), 'CalendarView'),
  availability: screen(() => import('../availability/availability-view'), 'AvailabilityView'),
  calendars: screen(() => import('../calendars/calendars-view'), 'CalendarsView'),
  outbox: screen(() => import('../outbox/outbox-view'), 'OutboxView'),
  audit: screen(() => import('../audit/audit-view'), 'AuditView'),
  users: screen(() => import('../users/users-view'), 'UsersView'),
  forms: screen(() => import('../forms/forms-view'), 'FormsView'),
  webhooks: screen(() => import('../webhooks/webhooks-view'), 'WebhooksView'),
  'api-keys': screen(() => import('../api-keys/api-keys-view'), 'ApiKeysView'),
  embedding: screen(() => import('../embedding/embedding-view'), 'EmbeddingView'),
  menus: screen(() => import('../menus/menus-view'), 'MenusView'),
  groups: screen(() => import('../groups/groups-view'), 'GroupsView'),
  links: screen(() => import('../links/links-view'), 'LinksView'),
  services: screen(() => import('../services/services-view'), 'ServicesView'),
  staff: screen(() => import('../staff/staff-view'), 'StaffView'),
  content: screen(() => import('../content/content-view'), 'ContentView'),
  media: screen(() => import('../content/media-view'), 'MediaView'),
  settings: screen(() => import('../content/site-view'), 'SiteView'),
}

/**
 * The dashboard once signed in: every screen's calls over the session's transport (the sign-in
 * page loaded the session's calls alone), or the API a test gives.
 */
export function SignedInDashboard({
  client,
  given,
  user,
  business,
  pathname,
  onSignOut,
}: {
  client: SessionClient
  given?: AdminApi
  user: AdminUser
  business: Business
  pathname: string
  onSignOut: () => void
}) {
  const api = useMemo(() => given ?? adminApiOver(client), [given, client])
  const base = parseAdminPath(pathname).base
  return (
    <AdminContext.Provider value={{ api, user, business, base }}>
      <LeaveGuardProvider>
        <DashboardShell pathname={pathname} onSignOut={onSignOut} />
      </LeaveGuardProvider>
    </AdminContext.Provider>
  )
}

/**
 * Header (with whether the site is up to date), the test-paths banner, navigation and the screen
 * the path names, among those the user's role may open.
 */
function DashboardShell({ pathname, onSignOut }: { pathname: string; onSignOut: () => void }) {
  const { t } = useTranslation()
  const { user, business, base } = useAdmin()
  const { screen: shown } = parseAdminPath(pathname, user.role)
  const open = adminScreens.filter((each) => canOpen(user.role, each))
  const View = shown && canOpen(user.role, shown) ? views[shown] : undefined
  const guardLinks = useGuardedLinks()
  const mayLeave = useMayLeave()
  return (
    // Any link away from a form holding unsaved values asks first, as leaving the page does.
    <div className="admin" onClickCapture={guardLinks}>
      <header className="admin-header">
        <p className="admin-header__business">{business.name || t('admin.title')}</p>
        <p className="admin-header__user">
          {user.name} · {t(`admin.role.${user.role}`)}
        </p>
        <SiteStatusLine />
        <LanguageSwitcher />
        <QuietButton onClick={() => mayLeave() && onSignOut()}>{t('admin.signOut')}</QuietButton>
      </header>
      <TestPathsBanner />
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {open.map((each) => (
            <li key={each}>
              <Link
                to={each === 'bookings' ? base : `${base}${each}/`}
                aria-current={each === shown ? 'page' : undefined}
              >
                {t(`admin.nav.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-main">
        {View ? (
          <Suspense fallback={<p role="status">{t('admin.loading')}</p>}>
            <View />
          </Suspense>
        ) : (
          <>
            <h1>{t('admin.notFound.title')}</h1>
            <p>{t('admin.notFound.text')}</p>
          </>
        )}
      </main>
    </div>
  )
}
