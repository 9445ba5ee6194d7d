import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { Form } from 'react-final-form'
import {
  adminRoles,
  type AdminAccount,
  type AdminRole,
  type AdminStaff,
} from '../../lib/admin/api-types'
import { MIN_PASSWORD_LENGTH } from '../session/change-password'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, SelectField, TextField } from '../shell/fields'
import { EditUser } from './edit-user'

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
  name: values.name?.trim() ? undefined : 'admin.validation.required',
  staffId: values.role === 'staff' && !values.staffId ? 'admin.validation.staff' : undefined,
  password:
    (values.password ?? '').length >= MIN_PASSWORD_LENGTH
      ? undefined
      : 'admin.validation.passwordLength',
})

/**
 * The accounts (owner and admin only), each editable (an owner's by an owner only), and a new one
 * with its first, one-time password.
 */
export function UsersView() {
  const { t } = useTranslation()
  const { api, user } = useAdmin()
  const [users, setUsers] = useState<AdminAccount[]>([])
  const [editing, setEditing] = useState<AdminAccount | null>(null)
  const [staff, setStaff] = useState<AdminStaff[]>([])
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()

  useEffect(() => {
    let current = true
    api.users().then(
      (list) => current && setUsers(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    api.staff().then(
      (list) => current && setStaff(list),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [api])

  // Only an owner makes owners (the API refuses the rest too).
  const roles = adminRoles.filter((role) => role !== 'owner' || user.role === 'owner')
  const staffName = (id: number | null) => staff.find((member) => member.id === id)?.name ?? ''

  const onSubmit = async (values: Values) => {
    try {
      const created = await api.createUser({
        email: values.email!.trim(),
        name: values.name!.trim(),
        role: values.role!,
        staffId: values.role === 'staff' ? Number(values.staffId) : null,
        password: values.password!,
      })
      setUsers((list) => [...list, { ...created, disabled: false }])
      setStatus(t('admin.users.created', { email: created.email }))
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{t('admin.users.title')}</h1>
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      <div className="admin-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.users.name')}</th>
              <th scope="col">{t('admin.users.email')}</th>
              <th scope="col">{t('admin.users.role')}</th>
              <th scope="col">{t('admin.users.staff')}</th>
              <th scope="col">{t('admin.users.access')}</th>
              <th scope="col">{t('admin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((each) => (
              <tr key={each.id}>
                <td>{each.name}</td>
                <td className="admin-break">{each.email}</td>
                <td>
                  {t(`admin.role.${each.role}`)}
                  {each.mustChangePassword ? ` · ${t('admin.users.mustChange')}` : null}
                </td>
                <td>{staffName(each.staffId)}</td>
                <td>{t(each.disabled ? 'admin.users.disabled' : 'admin.users.active')}</td>
                <td>
                  {each.role !== 'owner' || user.role === 'owner' ? (
                    <button
                      type="button"
                      className="admin-link"
                      aria-label={t('admin.users.editName', { name: each.name })}
                      onClick={() => {
                        setStatus(undefined)
                        setEditing(each)
                      }}
                    >
                      {t('admin.users.edit')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <EditUser
          key={editing.id}
          account={editing}
          staff={staff}
          onSaved={(saved) => {
            setUsers((list) => list.map((each) => (each.id === saved.id ? saved : each)))
            setEditing(null)
            setStatus(t('admin.users.saved', { email: saved.email }))
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <section aria-labelledby="new-user-title" className="admin-panel admin-narrow-panel">
        <h2 id="new-user-title">{t('admin.users.new')}</h2>
        <Form<Values>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={{ role: 'front_desk' }}
          render={({ handleSubmit, values, form }) => (
            <form
              // Emptied once the account exists, after the submit settled, so no field complains.
              onSubmit={(event) =>
                handleSubmit(event)?.then(() => {
                  if (form.getState().submitSucceeded) form.restart({ role: 'front_desk' })
                })
              }
              noValidate
            >
              <TextField name="name" label={t('admin.users.name')} autoComplete="off" required />
              <TextField
                name="email"
                type="email"
                label={t('admin.users.email')}
                autoComplete="off"
                required
              />
              <SelectField name="role" label={t('admin.users.role')}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`admin.role.${role}`)}
                  </option>
                ))}
              </SelectField>
              {values.role === 'staff' ? (
                <SelectField name="staffId" label={t('admin.users.staff')}>
                  <option value="">{t('admin.users.chooseStaff')}</option>
                  {staff.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <TextField
                name="password"
                type="password"
                label={t('admin.users.password')}
                autoComplete="new-password"
                help={t('admin.users.passwordHint')}
                required
              />
              <FormSubmit label={t('admin.users.create')} />
            </form>
          )}
        />
      </section>
    </section>
  )
}
