import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import type { AdminStaff } from '../../lib/admin/api-types'
import type { AdminProvider, AdminService } from '../../lib/admin/service-types'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { ScrollRegion } from '../shell/scroll-region'
import { StaffEditor } from './staff-editor'

/** Which member the form edits: a new one, an existing one, or none (the form is closed). */
type Editing = { member?: AdminStaff } | null

/**
 * The business's staff (owner and admin): name, time zone and the services each offers. The
 * server has no way to remove a staff member, so neither has this screen.
 */
export function StaffView() {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const [staff, setStaff] = useState<AdminStaff[]>()
  const [services, setServices] = useState<AdminService[]>([])
  const [providers, setProviders] = useState<AdminProvider[]>([])
  const [editing, setEditing] = useState<Editing>(null)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()

  const load = useCallback(
    () =>
      api.staff().then(
        (list) => {
          setStaff(list)
          setError(undefined)
        },
        (failure: unknown) => setError(messageOf(failure)),
      ),
    [api],
  )

  useEffect(() => {
    let current = true
    void load()
    api.adminServices().then(
      (list) => current && setServices(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    api.adminProviders().then(
      (list) => current && setProviders(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, load])

  const serviceNames = (ids: number[]) =>
    ids.map((id) => services.find((service) => service.id === id)?.name ?? `#${id}`).join(', ')

  const open = (next: Editing) => {
    setEditing(next)
    setStatus(undefined)
  }

  return (
    <section aria-labelledby="staff-title">
      <div className="admin-title-row">
        <h1 id="staff-title">{t('admin.staff.title')}</h1>
        {providers.length > 0 ? (
          <button
            type="button"
            className="widget-button widget-button--primary"
            onClick={() => open({})}
          >
            {t('admin.staff.new')}
          </button>
        ) : null}
      </div>
      <p>
        {t('admin.staff.hoursNote')}{' '}
        <Link to="../availability/">{t('admin.nav.availability')}</Link>
      </p>
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {editing ? (
        <StaffEditor
          key={editing.member?.id ?? 'new'}
          member={editing.member}
          providers={providers}
          services={services}
          onCancel={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null)
            setStatus(message)
            void load()
          }}
        />
      ) : null}
      {staff?.length === 0 ? <p>{t('admin.staff.empty')}</p> : null}
      {staff?.length ? (
        <ScrollRegion label={t('admin.staff.list')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.staff.name')}</th>
                <th scope="col">{t('admin.staff.timeZone')}</th>
                <th scope="col">{t('admin.staff.services')}</th>
                <th scope="col">{t('admin.staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id} aria-current={editing?.member?.id === member.id || undefined}>
                  <td>{member.name}</td>
                  <td className="admin-break">{member.timeZone}</td>
                  <td>
                    {member.serviceIds.length
                      ? serviceNames(member.serviceIds)
                      : t('admin.staff.noneOffered')}
                  </td>
                  <td>
                    <button type="button" className="admin-link" onClick={() => open({ member })}>
                      {t('admin.staff.edit')}
                      <span className="visually-hidden"> {member.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  )
}
