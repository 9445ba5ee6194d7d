import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { AdminStaff } from '../../lib/admin/api-types'
import type { AdminProvider, AdminService } from '../../lib/admin/service-types'
import type { AdminApi } from '../api'
import { EditedList } from '../kit/edited-list'
import { MainAction } from '../kit/main-action'
import { textColumn, type Column } from '../kit/resource-table'
import { editColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { StaffEditor } from './staff-editor'

/**
 * The business's staff (owner and admin): name, time zone and the services each offers. The
 * server has no way to remove a staff member, so neither has this screen.
 */
export function StaffView() {
  const { t } = useTranslation()
  const staff = useLoad(listStaff)
  const services = useLoad(listServices, { fallback: NO_SERVICES })
  const providers = useLoad(listProviders, { fallback: NO_PROVIDERS })
  const editor = useEditing<AdminStaff>()
  const { status, open, close } = editor

  const serviceNames = (ids: number[]) =>
    ids
      .map((id) => services.data?.find((service) => service.id === id)?.name ?? `#${id}`)
      .join(', ')

  const columns: Column<AdminStaff>[] = [
    textColumn('name', t('admin.staff.name'), (member) => member.name),
    {
      id: 'timeZone',
      header: t('admin.staff.timeZone'),
      className: 'admin-break',
      cell: (member) => member.timeZone,
    },
    {
      id: 'services',
      header: t('admin.staff.services'),
      cell: (member) =>
        member.serviceIds.length ? serviceNames(member.serviceIds) : t('admin.staff.noneOffered'),
    },
    editColumn(t('admin.staff.actions'), t('admin.staff.edit'), (member) => member.name, open),
  ]

  return (
    <Screen
      id="staff-title"
      title={t('admin.staff.title')}
      actions={
        providers.data?.length ? (
          <MainAction label={t('admin.staff.new')} onClick={() => open()} />
        ) : null
      }
      intro={
        <>
          {t('admin.staff.hoursNote')}{' '}
          <Link to="../availability/">{t('admin.nav.availability')}</Link>
        </>
      }
      error={staff.error ?? services.error ?? providers.error}
      status={status}
    >
      <EditedList
        list={staff}
        editor={editor}
        label={t('admin.staff.list')}
        columns={columns}
        empty={t('admin.staff.empty')}
      >
        {(member, { onSaved, onReload }) => (
          <StaffEditor
            onSaved={onSaved}
            onReload={onReload}
            member={member}
            providers={providers.data ?? NO_PROVIDERS}
            services={services.data ?? NO_SERVICES}
            onCancel={close}
          />
        )}
      </EditedList>
    </Screen>
  )
}

const NO_SERVICES: AdminService[] = []
const NO_PROVIDERS: AdminProvider[] = []
const listStaff = (api: AdminApi) => api.staff()
const listServices = (api: AdminApi) => api.adminServices()
const listProviders = (api: AdminApi) => api.adminProviders()
