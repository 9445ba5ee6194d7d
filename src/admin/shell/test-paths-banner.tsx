import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import type { TestPath } from '../../lib/admin/status-types'
import { useAdmin } from './admin-context'

/**
 * Says in words, on every screen, which test paths the server takes (GET /api/admin/status), so
 * the front desk knows when card payments are not real and e-mails are not leaving. Shows nothing
 * when every path is the real one, or while the answer is still out.
 */
export function TestPathsBanner() {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const [paths, setPaths] = useState<TestPath[]>([])

  useEffect(() => {
    let current = true
    // A status that cannot be read is not worth an error on every screen: the screen's own calls
    // report the same failure (and a lost session) where it matters.
    api.status().then(
      (status) => current && setPaths(status.testPaths),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [api])

  if (paths.length === 0) return null
  return (
    <section className="admin-test-paths" aria-labelledby="admin-test-paths-title">
      <h2 id="admin-test-paths-title">{t('admin.testPaths.title')}</h2>
      <ul>
        {paths.map((path) => (
          <li key={path}>{t(`admin.testPaths.${path}`)}</li>
        ))}
      </ul>
    </section>
  )
}
