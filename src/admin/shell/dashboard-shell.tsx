import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { LanguageSwitcher } from '../../components/language-switcher'
import { AuditView } from '../audit/audit-view'
import { AvailabilityView } from '../availability/availability-view'
import { BookingsView } from '../bookings/bookings-view'
import { CalendarView } from '../calendar/calendar-view'
import { FormsView } from '../forms/forms-view'
import { GroupsView } from '../groups/groups-view'
import { LinksView } from '../links/links-view'
import { MenusView } from '../menus/menus-view'
import { OutboxView } from '../outbox/outbox-view'
import { adminScreens, canOpen, parseAdminPath, type AdminScreen } from '../routes'
import { ServicesView } from '../services/services-view'
import { StaffView } from '../staff/staff-view'
import { UsersView } from '../users/users-view'
import { WebhooksView } from '../webhooks/webhooks-view'
import { useAdmin } from './admin-context'
import { SiteStatusLine } from './site-status-line'
import { TestPathsBanner } from './test-paths-banner'

const views: Record<AdminScreen, () => ReactNode> = {
  bookings: () => <BookingsView />,
  calendar: () => <CalendarView />,
  availability: () => <AvailabilityView />,
  outbox: () => <OutboxView />,
  audit: () => <AuditView />,
  users: () => <UsersView />,
  forms: () => <FormsView />,
  webhooks: () => <WebhooksView />,
  menus: () => <MenusView />,
  groups: () => <GroupsView />,
  links: () => <LinksView />,
  services: () => <ServicesView />,
  staff: () => <StaffView />,
}

/**
 * Header (with whether the site is up to date), the test-paths banner, navigation and the screen
 * the path names, among those the user's role may open.
 */
export function DashboardShell({
  pathname,
  onSignOut,
}: {
  pathname: string
  onSignOut: () => void
}) {
  const { t } = useTranslation()
  const { user, business } = useAdmin()
  const { base, screen } = parseAdminPath(pathname)
  const open = adminScreens.filter((each) => canOpen(user.role, each))
  return (
    <div className="admin">
      <header className="admin-header">
        <p className="admin-header__business">{business.name || t('admin.title')}</p>
        <p className="admin-header__user">
          {user.name} · {t(`admin.role.${user.role}`)}
        </p>
        <SiteStatusLine />
        <LanguageSwitcher />
        <button type="button" className="widget-button widget-button--quiet" onClick={onSignOut}>
          {t('admin.signOut')}
        </button>
      </header>
      <TestPathsBanner />
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {open.map((each) => (
            <li key={each}>
              <Link
                to={each === 'bookings' ? base : `${base}${each}/`}
                aria-current={each === screen ? 'page' : undefined}
              >
                {t(`admin.nav.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-main">
        {screen && canOpen(user.role, screen) ? (
          views[screen]()
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
