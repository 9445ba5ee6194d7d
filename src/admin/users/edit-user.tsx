import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef } from 'react'
import { Form } from 'react-final-form'
import {
  adminRoles,
  type AdminAccount,
  type AdminRole,
  type AdminStaff,
  type UpdateUserRequest,
} from '../../lib/admin/api-types'
import { MIN_PASSWORD_LENGTH } from '../session/change-password'
import { useAdmin } from '../shell/admin-context'
import { CheckboxField, FormSubmit, messageOf, SelectField, TextField } from '../shell/fields'

interface Values {
  name?: string
  role?: AdminRole
  staffId?: string
  disabled?: boolean
  password?: string
}

const validate = (values: Values) => ({
  name: values.name?.trim() ? undefined : 'admin.validation.required',
  staffId: values.role === 'staff' && !values.staffId ? 'admin.validation.staff' : undefined,
  password:
    !values.password || values.password.length >= MIN_PASSWORD_LENGTH
      ? undefined
      : 'admin.validation.passwordLength',
})

/** Only what changed is sent: the audit log then says what was done, and nothing more. */
function changes(account: AdminAccount, values: Values): UpdateUserRequest {
  const request: UpdateUserRequest = {}
  const name = values.name!.trim()
  if (name !== account.name) request.name = name
  if (values.role !== account.role) request.role = values.role
  const staffId = values.role === 'staff' ? Number(values.staffId) : null
  if (staffId !== account.staffId) request.staffId = staffId
  if (Boolean(values.disabled) !== account.disabled) request.disabled = Boolean(values.disabled)
  if (values.password) request.password = values.password
  return request
}

/**
 * One account's name, role, staff member, whether it may sign in, and a new one-time password.
 * One's own role and access are not offered: the API refuses them, so no one locks themselves out.
 */
export function EditUser({
  account,
  staff,
  onSaved,
  onClose,
}: {
  account: AdminAccount
  staff: AdminStaff[]
  onSaved: (account: AdminAccount) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { api, user } = useAdmin()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const own = account.id === user.id
  const roles = adminRoles.filter((role) => role !== 'owner' || user.role === 'owner')

  const onSubmit = async (values: Values) => {
    const request = changes(account, values)
    if (Object.keys(request).length === 0) return onClose()
    try {
      onSaved(await api.updateUser(account.id, request))
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  return (
    <section aria-labelledby="edit-user-title" className="admin-panel admin-narrow-panel">
      <h2 id="edit-user-title" ref={heading} tabIndex={-1}>
        {t('admin.users.editTitle', { name: account.name })}
      </h2>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{
          name: account.name,
          role: account.role,
          staffId: account.staffId?.toString() ?? '',
          disabled: account.disabled,
        }}
        render={({ handleSubmit, values }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="name" label={t('admin.users.name')} autoComplete="off" required />
            {own ? (
              <p className="widget-field__help">{t('admin.users.ownAccount')}</p>
            ) : (
              <>
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
                <CheckboxField name="disabled" label={t('admin.users.disable')} />
              </>
            )}
            <TextField
              name="password"
              type="password"
              label={t('admin.users.newPassword')}
              autoComplete="new-password"
              help={t('admin.users.newPasswordHint')}
            />
            <FormSubmit label={t('admin.users.save')}>
              <button
                type="button"
                className="widget-button widget-button--quiet"
                onClick={onClose}
              >
                {t('admin.users.cancel')}
              </button>
            </FormSubmit>
          </form>
        )}
      />
    </section>
  )
}
