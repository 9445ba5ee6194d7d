import type { AdminSession, ChangePasswordRequest, LoginRequest } from '../../lib/admin/api-types'
import {
  createHttpClient,
  defaultApiBaseUrl,
  isHttpError,
  type HttpClient,
  type RequestOptions,
} from '../../lib/http'

/**
 * What a screen's own calls are built on (each screen keeps its calls beside it and
 * src/admin/api.ts gathers them): the client that notices a lost session, and the CSRF header.
 */
export interface AdminTransport {
  http: HttpClient
  guarded: (headers?: Record<string, string>) => RequestOptions
}

/**
 * The session's calls and the transport every other call goes through: all the sign-in page
 * loads (issue 30's budget, e2e/first-load.ts); the screens' calls come with the dashboard's own
 * chunk. The session's CSRF token is remembered from the answer that gave it and sent on every
 * request that changes something, so no screen has to thread it through.
 */
export function createSessionClient(client: HttpClient) {
  let csrfToken: string | null = null
  const remember = (session: AdminSession) => {
    csrfToken = session.csrfToken
    return session
  }
  // A 401 from any screen's call means the session ran out (or was signed out elsewhere): the
  // dashboard hears of it once, here, and goes back to signing in.
  const endListeners = new Set<() => void>()
  const watched = <T>(request: Promise<T>) =>
    request.catch((failure: unknown) => {
      if (isHttpError(failure) && failure.statusCode === 401) {
        csrfToken = null
        endListeners.forEach((listener) => listener())
      }
      throw failure
    })
  const http: HttpClient = {
    get: (path, request) => watched(client.get(path, request)),
    head: (path, request) => watched(client.head(path, request)),
    delete: (path, request) => watched(client.delete(path, request)),
    post: (path, body, request) => watched(client.post(path, body, request)),
    put: (path, body, request) => watched(client.put(path, body, request)),
    patch: (path, body, request) => watched(client.patch(path, body, request)),
  }
  // `headers`: a request's own (an upload's content type), beside the CSRF token.
  const guarded = (headers: Record<string, string> = {}): RequestOptions => ({
    headers: csrfToken ? { ...headers, 'x-csrf-token': csrfToken } : headers,
  })
  const transport: AdminTransport = { http, guarded }

  const api = {
    /** Calls `listener` when a request is refused for want of a session; returns the unsubscribe. */
    onSessionEnded: (listener: () => void) => {
      endListeners.add(listener)
      return () => void endListeners.delete(listener)
    },
    // These four call the client itself: their 401 is an answer to show, not a session's end.
    session: () => client.get<AdminSession>('/admin/session').then(remember),
    // Signing in needs no CSRF token: there is no session yet to forge a request for.
    signIn: (request: LoginRequest) =>
      client.post<AdminSession>('/admin/session', request).then(remember),
    signOut: () =>
      client.delete<void>('/admin/session', guarded()).finally(() => {
        csrfToken = null
      }),
    // A 401 here is more likely a wrong current password than a lost session: shown as given.
    changePassword: (request: ChangePasswordRequest) =>
      client.post<void>('/admin/session/password', request, guarded()),
  }
  return { api, transport }
}

export type SessionClient = ReturnType<typeof createSessionClient>
export type SessionApi = SessionClient['api']

/** The dashboard's client: the session cookie goes along even to an API on another origin. */
export const createDefaultSessionClient = () =>
  createSessionClient(createHttpClient({ baseUrl: defaultApiBaseUrl(), withCredentials: true }))
