import { useTranslation } from 'gatsby-plugin-react-i18next'
import {
  adminRoles,
  type AdminAccount,
  type AdminRole,
  type AdminStaff,
  type UpdateUserRequest,
} from '../../lib/admin/api-types'
import { EditorPanel } from '../kit/editor-panel'
import { MIN_PASSWORD_LENGTH } from '../session/change-password'
import { useAdmin } from '../shell/admin-context'
import { CheckboxField, choicesOf, SelectField, TextField } from '../shell/fields'

interface Values {
  name?: string
  role?: AdminRole
  staffId?: string
  disabled?: boolean
  password?: string
}

/** What a new account and an edited one both need: a name, and a staff account its member. */
export const accountRules = (values: { name?: string; role?: AdminRole; staffId?: string }) => ({
  name: values.name?.trim() ? undefined : 'admin.validation.required',
  staffId: values.role === 'staff' && !values.staffId ? 'admin.validation.staff' : undefined,
})

const validate = (values: Values) => ({
  ...accountRules(values),
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
 * An account's role and, for a staff account, its staff member. Only an owner is offered the
 * owner role (the API refuses the rest too).
 */
export function RoleFields({ role, staff }: { role?: AdminRole; staff: AdminStaff[] }) {
  const { t } = useTranslation()
  const { user } = useAdmin()
  return (
    <>
      <SelectField
        name="role"
        label={t('admin.users.role')}
        choices={adminRoles
          .filter((each) => each !== 'owner' || user.role === 'owner')
          .map((each) => [each, t(`admin.role.${each}`)])}
      />
      {role === 'staff' ? (
        <SelectField
          name="staffId"
          label={t('admin.users.staff')}
          blank={t('admin.users.chooseStaff')}
          choices={choicesOf(staff)}
        />
      ) : null}
    </>
  )
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

  const onSubmit = async (values: Values) => {
    const request = changes(account, values)
    if (Object.keys(request).length === 0) return onClose()
    return onSaved(await api.updateUser(account.id, request))
  }

  return (
    <EditorPanel<Values>
      title={t('admin.users.editTitle', { name: account.name })}
      initialValues={{
        name: account.name,
        role: account.role,
        staffId: account.staffId?.toString() ?? '',
        disabled: account.disabled,
      }}
      validate={validate}
      onSubmit={onSubmit}
      onClose={onClose}
      saveLabel={t('admin.users.save')}
      closeLabel={t('admin.users.cancel')}
    >
      {({ values }) => (
        <>
          <TextField name="name" label={t('admin.users.name')} autoComplete="off" required />
          {account.id === user.id ? (
            <p className="widget-field__help">{t('admin.users.ownAccount')}</p>
          ) : (
            <>
              <RoleFields role={values.role} staff={staff} />
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
        </>
      )}
    </EditorPanel>
  )
}
