import { createContext, useContext } from 'react'
import type { AdminUser } from '../../lib/admin/api-types'
import type { AdminApi } from '../api'
import type { Business } from './use-business'

/** What every screen works with: the API (holding the session's CSRF token), who is signed in. */
export interface AdminContextValue {
  api: AdminApi
  user: AdminUser
  business: Business
  /** The dashboard's root path in the reader's locale, e.g. `/de/admin/`: links between screens. */
  base: string
}

export const AdminContext = createContext<AdminContextValue | null>(null)

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext)
  if (!value) throw new Error('useAdmin is used outside the dashboard')
  return value
}
