import { useTranslation } from 'gatsby-plugin-react-i18next'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { AdminSession } from '../../lib/admin/api-types'
import { isHttpError } from '../../lib/http'
import type { AdminApi } from '../api'
import { createDefaultSessionClient } from '../session/session-api'
import { SignIn } from '../session/sign-in'
import { Alert, messageOf } from './plain-fields'
import { useBusiness } from './use-business'

/*
 * What only a signed-in user sees is loaded once signed in: the sign-in page fetches the form it
 * shows and the session's calls, no more (issue 30's budget, e2e/first-load.ts).
 */
const ChangePassword = lazy(() =>
  import('../session/change-password').then((module) => ({ default: module.ChangePassword })),
)
const SignedInDashboard = lazy(() =>
  import('./dashboard-shell').then((module) => ({ default: module.SignedInDashboard })),
)

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
  const client = useMemo(() => createDefaultSessionClient(), [])
  // A test's API stands in for the session's calls too.
  const api = given ?? client.api
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

  const loading = (
    <main className="widget">
      <p role="status">{t('admin.loading')}</p>
    </main>
  )
  if (state.status === 'loading') return loading
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
  return (
    <Suspense fallback={loading}>
      {user.mustChangePassword ? (
        <ChangePassword api={api} email={user.email} onChanged={signedIn} onSignOut={signOut} />
      ) : (
        <SignedInDashboard
          client={client}
          given={given}
          user={user}
          business={business}
          pathname={pathname}
          onSignOut={signOut}
        />
      )}
    </Suspense>
  )
}
