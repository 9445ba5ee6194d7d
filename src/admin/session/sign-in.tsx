import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Form } from 'react-final-form'
import type { AdminSession, LoginRequest } from '../../lib/admin/api-types'
import { isHttpError } from '../../lib/http'
import type { SessionApi } from './session-api'
import { FormSubmit, messageOf, TextField } from '../shell/fields'

type Values = Partial<LoginRequest>

const validate = (values: Values) => ({
  email: values.email?.trim() ? undefined : 'admin.validation.email',
  password: values.password ? undefined : 'admin.validation.required',
})

/**
 * `POST /api/admin/session`. The API words its refusals in English; the ones a sign-in meets are
 * told by their `code` in the dashboard's language. Anything else is shown as the API words it.
 */
export function SignIn({
  api,
  onSignedIn,
  notice,
}: {
  api: SessionApi
  onSignedIn: (session: AdminSession) => void
  notice?: string
}) {
  const { t } = useTranslation()
  const onSubmit = async (values: Values) => {
    try {
      onSignedIn(await api.signIn({ email: values.email!.trim(), password: values.password! }))
      return undefined
    } catch (failure) {
      if (isHttpError(failure) && failure.statusCode === 429) {
        return { [FORM_ERROR]: t('admin.signIn.tooMany') }
      }
      if (isHttpError(failure) && failure.code === 'unauthorized') {
        return { [FORM_ERROR]: t('admin.signIn.wrong') }
      }
      return { ...(isHttpError(failure) ? failure.fields : {}), [FORM_ERROR]: messageOf(failure) }
    }
  }
  return (
    <main className="widget admin-narrow" aria-labelledby="admin-sign-in-title">
      <h1 id="admin-sign-in-title">{t('admin.signIn.title')}</h1>
      {notice ? <p role="status">{notice}</p> : null}
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField
              name="email"
              type="email"
              label={t('admin.signIn.email')}
              autoComplete="username"
              required
            />
            <TextField
              name="password"
              type="password"
              label={t('admin.signIn.password')}
              autoComplete="current-password"
              required
            />
            <FormSubmit label={t('admin.signIn.submit')} />
          </form>
        )}
      />
    </main>
  )
}
