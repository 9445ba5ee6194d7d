import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Form } from 'react-final-form'
import type { AdminSession } from '../../lib/admin/api-types'
import { QuietButton } from '../kit/main-action'
import type { SessionApi } from './session-api'
import { FormSubmit, messageOf, TextField } from '../shell/fields'

interface Values {
  currentPassword?: string
  newPassword?: string
  repeatPassword?: string
}

/** The shortest new password asked for here; the server has the last word on its own rule. */
export const MIN_PASSWORD_LENGTH = 10

const validate = (values: Values) => ({
  currentPassword: values.currentPassword ? undefined : 'admin.validation.required',
  newPassword:
    (values.newPassword ?? '').length < MIN_PASSWORD_LENGTH
      ? 'admin.validation.passwordLength'
      : values.newPassword === values.currentPassword
        ? 'admin.validation.passwordSame'
        : undefined,
  repeatPassword:
    values.repeatPassword === values.newPassword ? undefined : 'admin.validation.passwordRepeat',
})

/**
 * A one-time password must be replaced before anything else (`mustChangePassword`); the session
 * is read again afterwards, as the server now says the password is the user's own.
 */
export function ChangePassword({
  api,
  email,
  onChanged,
  onSignOut,
}: {
  api: SessionApi
  email: string
  onChanged: (session: AdminSession) => void
  onSignOut: () => void
}) {
  const { t } = useTranslation()
  const onSubmit = async (values: Values) => {
    try {
      await api.changePassword({
        currentPassword: values.currentPassword!,
        newPassword: values.newPassword!,
      })
      onChanged(await api.session())
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }
  return (
    <main className="widget admin-narrow" aria-labelledby="admin-password-title">
      <h1 id="admin-password-title">{t('admin.password.title')}</h1>
      <p>{t('admin.password.intro', { email })}</p>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            {/* Lets password managers file the new password under the right account. */}
            <input type="hidden" name="username" autoComplete="username" value={email} />
            <TextField
              name="currentPassword"
              type="password"
              label={t('admin.password.current')}
              autoComplete="current-password"
              required
            />
            <TextField
              name="newPassword"
              type="password"
              label={t('admin.password.new')}
              autoComplete="new-password"
              help={t('admin.password.rule', { length: MIN_PASSWORD_LENGTH })}
              required
            />
            <TextField
              name="repeatPassword"
              type="password"
              label={t('admin.password.repeat')}
              autoComplete="new-password"
              required
            />
            <FormSubmit label={t('admin.password.submit')}>
              <QuietButton onClick={onSignOut}>{t('admin.signOut')}</QuietButton>
            </FormSubmit>
          </form>
        )}
      />
    </main>
  )
}
