import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useMemo, useState } from 'react'
import type { AdminSession } from '../../lib/admin/api-types'
import { isHttpError } from '../../lib/http'
import { createDefaultAdminApi, type AdminApi } from '../api'
import { parseAdminPath } from '../routes'
import { ChangePassword } from '../session/change-password'
import { SignIn } from '../session/sign-in'
import { AdminContext } from './admin-context'
import { DashboardShell } from './dashboard-shell'
import { Alert, messageOf } from './fields'
import { useBusiness } from './use-business'

type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; notice?: string }
  | { status: 'signedIn'; session: AdminSession }
  | { status: 'failed'; message: string }

/**
 * The dashboard's entry (issue 20): the session from `GET /api/admin/session` decides between
 * signing in, replacing a one-time password, and the dashboard itself.
 */
export function AdminApp({ pathname, api: given }: { pathname: string; api?: AdminApi }) {
  const { t } = useTranslation()
  const api = useMemo(() => given ?? createDefaultAdminApi(), [given])
  const business = useBusiness()
  const [state, setState] = useState<SessionState>({ status: 'loading' })

  useEffect(() => {
    let current = true
    api.session().then(
      (session) => current && setState({ status: 'signedIn', session }),
      (failure: unknown) => {
        if (!current) return
        setState(
          isHttpError(failure) && failure.statusCode === 401
            ? { status: 'signedOut' }
            : { status: 'failed', message: messageOf(failure) },
        )
      },
    )
    return () => {
      current = false
    }
  }, [api])

  useEffect(
    () =>
      api.onSessionEnded(() => setState({ status: 'signedOut', notice: t('admin.sessionEnded') })),
    [api, t],
  )

  const signOut = () => {
    // Signed out here even when the server cannot be told: the cookie expires on its own.
    void api
      .signOut()
      .catch(() => undefined)
      .then(() => setState({ status: 'signedOut', notice: t('admin.signedOut') }))
  }
  const signedIn = (session: AdminSession) => setState({ status: 'signedIn', session })

  if (state.status === 'loading') {
    return (
      <main className="widget">
        <p role="status">{t('admin.loading')}</p>
      </main>
    )
  }
  if (state.status === 'failed') {
    return (
      <main className="widget">
        <h1>{t('admin.title')}</h1>
        <Alert>{state.message}</Alert>
      </main>
    )
  }
  if (state.status === 'signedOut') {
    return <SignIn api={api} onSignedIn={signedIn} notice={state.notice} />
  }
  const { user } = state.session
  if (user.mustChangePassword) {
    return <ChangePassword api={api} email={user.email} onChanged={signedIn} onSignOut={signOut} />
  }
  return (
    <AdminContext.Provider value={{ api, user, business, base: parseAdminPath(pathname).base }}>
      <DashboardShell pathname={pathname} onSignOut={signOut} />
    </AdminContext.Provider>
  )
}
