import { FORM_ERROR, setIn, type ValidationErrors } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Form, type FormRenderProps } from 'react-final-form'
import { isHttpError } from '../../lib/http'
import { FormSubmit, messageOf } from '../shell/fields'
import { ConfirmPanel } from './confirm-panel'
import { inOurWords, LoadSavedVersion, type EditedElsewhere } from './edit-conflict'
import { forgetKept, KeepTyped } from './keep-typed'
import { FormLeaveGuard } from './leave-guard'
import { QuietButton } from './main-action'

/**
 * What a refused save shows: the API's message at the form's end and, where the API's error
 * object names fields (`fields: { slug: '…' }`), each message on the field it names.
 */
export function submitErrors(failure: unknown): Record<string, unknown> {
  const message = messageOf(failure)
  const named = isHttpError(failure) && failure.fields ? Object.entries(failure.fields) : []
  return named.reduce<Record<string, unknown>>(
    (errors, [path, text]) => setIn(errors, path, text) as Record<string, unknown>,
    { [FORM_ERROR]: message },
  )
}

/**
 * Runs a form's save: a failure it throws becomes the form's errors (`submitErrors`), a version
 * conflict in `editedElsewhere`'s words.
 */
export const saving =
  <V,>(onSubmit: (values: V) => Promise<unknown>, editedElsewhere?: EditedElsewhere) =>
  (values: V) =>
    onSubmit(values).then(
      () => undefined,
      (failure: unknown) => submitErrors(inOurWords(failure, editedElsewhere)),
    )

/**
 * A screen's editor: a panel titled by what it edits, focused when it opens, holding a
 * react-final-form form that ends in Save and Close. A refused save keeps every typed value and
 * says why (see `submitErrors`). Closing or leaving with unsaved changes asks first.
 */
export function EditorPanel<V extends object>({
  title,
  initialValues,
  validate,
  onSubmit,
  onClose,
  saveLabel,
  busyLabel,
  closeLabel,
  narrow = true,
  editedElsewhere,
  keepTyped,
  children,
}: {
  title: string
  initialValues?: Partial<V>
  validate?: (values: V) => ValidationErrors
  /** Saves; a failure it throws is shown on the form. */
  onSubmit: (values: V) => Promise<unknown>
  onClose: () => void
  saveLabel: string
  /** What the save button says while saving, for a save that takes a while ("Connecting…"). */
  busyLabel?: string
  closeLabel: string
  /** A single column of fields (the default), or the panel's whole width. */
  narrow?: boolean
  /** For a versioned row: a save refused because another came first says so, and offers it. */
  editedElsewhere?: EditedElsewhere
  /**
   * A key naming what is edited (`content:posts:knee`): unsaved values are kept in the browser
   * under it and offered back when it is opened again (see KeepTyped).
   */
  keepTyped?: string
  children: (form: FormRenderProps<V>) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [dirty, setDirty] = useState(false)
  const [asking, setAsking] = useState(false)
  useEffect(() => titleRef.current?.focus(), [])

  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel">
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      <Form<V>
        onSubmit={saving(
          (values: V) =>
            onSubmit(values).then((done) => {
              if (keepTyped) forgetKept(keepTyped)
              return done
            }),
          editedElsewhere,
        )}
        validate={validate}
        initialValues={initialValues}
        render={(form) => (
          <form onSubmit={form.handleSubmit} noValidate className={narrow ? 'admin-narrow' : ''}>
            <FormLeaveGuard onChange={setDirty} />
            {keepTyped ? <KeepTyped<V> storageKey={keepTyped} /> : null}
            {children(form)}
            <LoadSavedVersion submitError={form.submitError} editedElsewhere={editedElsewhere} />
            {asking ? (
              <ConfirmPanel
                title={t('admin.kit.discardTitle')}
                text={t('admin.kit.discardText')}
                confirm={t('admin.kit.discard')}
                keep={t('admin.kit.keepEditing')}
                onConfirm={() => {
                  if (keepTyped) forgetKept(keepTyped)
                  onClose()
                }}
                onKeep={() => setAsking(false)}
              />
            ) : (
              <FormSubmit label={saveLabel} busyLabel={busyLabel}>
                <QuietButton onClick={() => (dirty ? setAsking(true) : onClose())}>
                  {closeLabel}
                </QuietButton>
              </FormSubmit>
            )}
          </form>
        )}
      />
    </section>
  )
}
