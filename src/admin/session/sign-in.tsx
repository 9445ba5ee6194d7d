import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState, type FormEvent } from 'react'
import type { AdminSession, LoginRequest } from '../../lib/admin/api-types'
import { isHttpError } from '../../lib/http'
import type { SessionApi } from './session-api'
import { Alert, messageOf, TextInput } from '../shell/plain-fields'

type Name = keyof LoginRequest

const validate = (values: LoginRequest): Partial<Record<Name, string>> => ({
  email: values.email.trim() ? undefined : 'admin.validation.email',
  password: values.password ? undefined : 'admin.validation.required',
})

/**
 * `POST /api/admin/session`. The API words its refusals in English; the ones a sign-in meets are
 * told by their `code` in the dashboard's language. Anything else is shown as the API words it.
 *
 * Two fields and a button, kept in React state rather than the kit's form library: this is the
 * page every member of staff opens first, and final-form would be a tenth of its scripts. A
 * field's message shows once it was left or the form sent, as the kit's fields do.
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
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' })
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({})
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> }>()
  const errors = validate(values)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched({ email: true, password: true })
    if (errors.email || errors.password) return
    setSending(true)
    setRefusal(undefined)
    try {
      onSignedIn(await api.signIn({ email: values.email.trim(), password: values.password }))
    } catch (failure) {
      const fields = isHttpError(failure) ? (failure.fields ?? {}) : {}
      if (isHttpError(failure) && failure.statusCode === 429) {
        setRefusal({ message: t('admin.signIn.tooMany'), fields })
      } else if (isHttpError(failure) && failure.code === 'unauthorized') {
        setRefusal({ message: t('admin.signIn.wrong'), fields })
      } else {
        setRefusal({ message: messageOf(failure), fields })
      }
      setSending(false)
    }
  }
  const field = (name: Name, type: string, autoComplete: string) => (
    <TextInput
      id={`admin-field-${name}`}
      name={name}
      type={type}
      label={t(`admin.signIn.${name}`)}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      onBlur={() => setTouched({ ...touched, [name]: true })}
      error={touched[name] ? (errors[name] ?? refusal?.fields[name]) : undefined}
    />
  )
  return (
    <main className="widget admin-narrow" aria-labelledby="admin-sign-in-title">
      <h1 id="admin-sign-in-title">{t('admin.signIn.title')}</h1>
      {notice ? <p role="status">{notice}</p> : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {field('email', 'email', 'username')}
        {field('password', 'password', 'current-password')}
        <Alert>{refusal?.message}</Alert>
        <button type="submit" className="widget-button widget-button--primary" disabled={sending}>
          {t('admin.signIn.submit')}
        </button>
      </form>
    </main>
  )
}
