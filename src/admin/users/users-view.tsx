import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { AdminAccount, AdminRole, AdminStaff } from '../../lib/admin/api-types'
import type { AdminApi } from '../api'
import { InlineForm } from '../kit/inline-form'
import { Panel } from '../kit/panel'
import { ResourceTable, textColumn, type Column } from '../kit/resource-table'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { MIN_PASSWORD_LENGTH } from '../session/change-password'
import { useAdmin } from '../shell/admin-context'
import { TextField } from '../shell/fields'
import { accountRules, EditUser, RoleFields } from './edit-user'

interface Values {
  email?: string
  name?: string
  role?: AdminRole
  staffId?: string
  password?: string
}

const validate = (values: Values) => ({
  email: /^[^\s@]+@[^\s@]+$/.test(values.email?.trim() ?? '')
    ? undefined
    : 'admin.validation.email',
  ...accountRules(values),
  password:
    (values.password ?? '').length >= MIN_PASSWORD_LENGTH
      ? undefined
      : 'admin.validation.passwordLength',
})

const listUsers = (api: AdminApi) => api.users()
const listStaff = (api: AdminApi) => api.staff()
const NO_STAFF: AdminStaff[] = []
const NEW_USER: Values = { role: 'front_desk' }

/**
 * The accounts (owner and admin only), each editable (an owner's by an owner only), and a new one
 * with its first, one-time password.
 */
export function UsersView() {
  const { t } = useTranslation()
  const { api, user } = useAdmin()
  const users = useLoad(listUsers)
  // The accounts still show without the staff members' names.
  const staff = useLoad(listStaff, { optional: true, fallback: NO_STAFF }).data ?? NO_STAFF
  const { editing, status, open, close, done, say } = useEditing<AdminAccount>()
  const account = editing?.row

  const staffName = (id: number | null) => staff.find((member) => member.id === id)?.name ?? ''

  const onSubmit = async (values: Values) => {
    const created = await api.createUser({
      email: values.email!.trim(),
      name: values.name!.trim(),
      role: values.role!,
      staffId: values.role === 'staff' ? Number(values.staffId) : null,
      password: values.password!,
    })
    users.setData((list) => [...(list ?? []), { ...created, disabled: false }])
    say(t('admin.users.created', { email: created.email }))
  }

  const columns: Column<AdminAccount>[] = [
    textColumn('name', t('admin.users.name'), (each) => each.name),
    textColumn('email', t('admin.users.email'), (each) => each.email, 'admin-break'),
    {
      id: 'role',
      header: t('admin.users.role'),
      cell: (each) =>
        `${t(`admin.role.${each.role}`)}${each.mustChangePassword ? ` · ${t('admin.users.mustChange')}` : ''}`,
    },
    { id: 'staff', header: t('admin.users.staff'), cell: (each) => staffName(each.staffId) },
    {
      id: 'access',
      header: t('admin.users.access'),
      cell: (each) => t(each.disabled ? 'admin.users.disabled' : 'admin.users.active'),
    },
    {
      id: 'actions',
      header: t('admin.users.actions'),
      // Not RowActions: "Edit {name}" is worded per language ("{name} bearbeiten"), as one label.
      cell: (each) =>
        each.role !== 'owner' || user.role === 'owner' ? (
          <button
            type="button"
            className="admin-link"
            aria-label={t('admin.users.editName', { name: each.name })}
            onClick={() => open(each)}
          >
            {t('admin.users.edit')}
          </button>
        ) : null,
    },
  ]

  return (
    <Screen id="users-title" title={t('admin.users.title')} error={users.error} status={status}>
      <ResourceTable
        label={t('admin.catalogue.listLabel', { title: t('admin.users.title') })}
        rows={users.data}
        columns={columns}
        rowId={(each) => each.id}
        current={account?.id}
        // Never shown: one's own account is always listed.
        empty=""
        sortInAddress
      />
      {account ? (
        <EditUser
          key={account.id}
          account={account}
          staff={staff}
          onSaved={(saved) => {
            users.setData((list) => list?.map((each) => (each.id === saved.id ? saved : each)))
            done(t('admin.users.saved', { email: saved.email }))
          }}
          onClose={close}
        />
      ) : null}
      <Panel id="new-user-title" title={t('admin.users.new')} narrow>
        <InlineForm<Values>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={NEW_USER}
          submitLabel={t('admin.users.create')}
          // Emptied once the account exists, after the submit settled, so no field complains.
          clear
        >
          {(values) => (
            <>
              <TextField name="name" label={t('admin.users.name')} autoComplete="off" required />
              <TextField
                name="email"
                type="email"
                label={t('admin.users.email')}
                autoComplete="off"
                required
              />
              <RoleFields role={values.role} staff={staff} />
              <TextField
                name="password"
                type="password"
                label={t('admin.users.password')}
                autoComplete="new-password"
                help={t('admin.users.passwordHint')}
                required
              />
            </>
          )}
        </InlineForm>
      </Panel>
    </Screen>
  )
}
