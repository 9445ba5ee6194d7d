import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Field, Form } from 'react-final-form'
import type { AdminCatalogPage, CatalogueService } from '../../lib/admin/catalogue-types'
import type { AdminApi } from '../api'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, SelectField, TextField } from '../shell/fields'
import { ScrollRegion } from '../shell/scroll-region'
import { useWidgetUrl } from './widget-url'

/** The fields every menu and group has, as the form holds them. */
export interface PageFields {
  providerId: number
  slug: string
  name: string
  description: string
  published: boolean
}

/** What an edit sends: a page stays with the provider it was made for. */
export const editableFields = ({ slug, name, description, published }: PageFields) => ({
  slug,
  name,
  description,
  published,
})

interface Values<C> {
  providerId?: string
  name?: string
  slug?: string
  description?: string
  published?: boolean
  contents: C
}

// As the API's page slug (setup-schemas.ts): lowercase letters, digits, dashes, never only digits.
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/

/** What one screen (menus or groups) adds to the list-create-edit-delete flow both share. */
export interface PagesScreenProps<T extends AdminCatalogPage, C> {
  /** The key prefix of the screen's own strings: `admin.menus` or `admin.groups`. */
  screen: 'menus' | 'groups'
  list: (api: AdminApi) => Promise<T[]>
  /** Creates (no page) or edits `page`; the list is read again after. */
  save: (api: AdminApi, page: T | undefined, fields: PageFields, contents: C) => Promise<unknown>
  remove: (api: AdminApi, id: number) => Promise<void>
  emptyContents: C
  contentsOf: (page: T) => C
  /** An `admin.*` key when the contents cannot be saved. */
  validateContents: (contents: C) => string | undefined
  /** The page's services in order, for the list. */
  serviceIdsOf: (contents: C) => number[]
  editContents: (props: {
    value: C
    onChange: (contents: C) => void
    services: CatalogueService[]
    error?: string
  }) => ReactNode
}

/**
 * Service menus and groups alike: the list with each page's public widget address, a form to make
 * or edit one (its services in order), and a delete that asks first, since the public address
 * then stops working.
 */
export function PagesScreen<T extends AdminCatalogPage, C>(props: PagesScreenProps<T, C>) {
  const { screen, list, save, remove, emptyContents, contentsOf, validateContents } = props
  const { t } = useTranslation()
  const { api } = useAdmin()
  const widgetUrl = useWidgetUrl()
  const [pages, setPages] = useState<T[]>()
  const [services, setServices] = useState<CatalogueService[]>([])
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  // The page being edited, 'new' for a new one, undefined while no form is open.
  const [editing, setEditing] = useState<T | 'new'>()
  const [deleting, setDeleting] = useState<T>()
  const [busy, setBusy] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const formRef = useRef<HTMLHeadingElement>(null)

  const reload = useCallback(
    () =>
      list(api).then(
        (found) => {
          setPages(found)
          return true
        },
        (failure: unknown) => {
          setError(messageOf(failure))
          return false
        },
      ),
    [api, list],
  )

  useEffect(() => {
    let current = true
    list(api).then(
      (found) => current && setPages(found),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    api.serviceChoices().then(
      (found) => current && setServices(found),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, list])

  useEffect(() => {
    if (deleting) confirmRef.current?.focus()
  }, [deleting])
  useEffect(() => {
    if (editing) formRef.current?.focus()
  }, [editing])

  const providers = [
    ...new Map(services.map((service) => [service.providerId, service.providerName])),
  ]
  const serviceName = (id: number) =>
    services.find((service) => service.id === id)?.name ?? `#${id}`

  const validate = (values: Values<C>) => ({
    providerId: values.providerId ? undefined : 'admin.validation.required',
    name: values.name?.trim() ? undefined : 'admin.validation.required',
    slug: !values.slug
      ? 'admin.validation.required'
      : SLUG.test(values.slug) && !/^\d+$/.test(values.slug)
        ? undefined
        : 'admin.catalogue.slugRule',
    contents: validateContents(values.contents),
  })

  const onSubmit = async (values: Values<C>) => {
    const page = editing === 'new' ? undefined : editing
    try {
      await save(
        api,
        page,
        {
          providerId: Number(values.providerId),
          slug: values.slug!,
          name: values.name!.trim(),
          description: values.description ?? '',
          published: values.published ?? false,
        },
        values.contents,
      )
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
    setEditing(undefined)
    setStatus(t(`admin.${screen}.${page ? 'saved' : 'created'}`, { name: values.name!.trim() }))
    await reload()
    return undefined
  }

  const confirmDelete = async (page: T) => {
    setBusy(true)
    setError(undefined)
    try {
      await remove(api, page.id)
      setDeleting(undefined)
      if (editing !== 'new' && editing?.id === page.id) setEditing(undefined)
      setPages((found) => found?.filter((each) => each.id !== page.id))
      setStatus(t(`admin.${screen}.deleted`, { name: page.name }))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const firstProvider = services[0]?.providerId
  // Kept while the form is open: final-form starts over whenever its initial values change.
  const initialValues = useMemo<Values<C>>(
    () =>
      editing && editing !== 'new'
        ? {
            providerId: String(editing.providerId),
            name: editing.name,
            slug: editing.slug,
            description: editing.description,
            published: editing.published,
            contents: contentsOf(editing),
          }
        : {
            providerId: firstProvider === undefined ? undefined : String(firstProvider),
            published: false,
            contents: emptyContents,
          },
    [editing, firstProvider, contentsOf, emptyContents],
  )

  return (
    <section aria-labelledby={`${screen}-title`}>
      <div className="admin-title-row">
        <h1 id={`${screen}-title`}>{t(`admin.${screen}.title`)}</h1>
        <button
          type="button"
          className="widget-button widget-button--primary"
          onClick={() => {
            setStatus(undefined)
            setEditing('new')
          }}
        >
          {t(`admin.${screen}.new`)}
        </button>
      </div>
      <p>{t(`admin.${screen}.intro`)}</p>
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {pages?.length === 0 ? <p>{t(`admin.${screen}.empty`)}</p> : null}
      {pages?.length ? (
        <ScrollRegion label={t('admin.catalogue.listLabel', { title: t(`admin.${screen}.title`) })}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.catalogue.name')}</th>
                <th scope="col">{t('admin.catalogue.publicLink')}</th>
                <th scope="col">{t('admin.catalogue.state')}</th>
                <th scope="col">{t('admin.catalogue.services')}</th>
                <th scope="col">{t('admin.catalogue.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => {
                const url = widgetUrl(page.widgetPath)
                return (
                  <tr key={page.id}>
                    <td>{page.name}</td>
                    <td className="admin-break">
                      <a href={url}>{url}</a>
                    </td>
                    <td>
                      {t(page.published ? 'admin.catalogue.published' : 'admin.catalogue.draft')}
                    </td>
                    <td>
                      {props.serviceIdsOf(contentsOf(page)).map(serviceName).join(', ') || '–'}
                    </td>
                    <td>
                      <div className="admin-toolbar">
                        <button
                          type="button"
                          className="widget-button widget-button--quiet"
                          onClick={() => {
                            setStatus(undefined)
                            setEditing(page)
                          }}
                        >
                          {t('admin.catalogue.edit')}
                          <span className="visually-hidden"> {page.name}</span>
                        </button>
                        <button
                          type="button"
                          className="widget-button widget-button--quiet"
                          onClick={() => setDeleting(page)}
                        >
                          {t('admin.catalogue.delete')}
                          <span className="visually-hidden"> {page.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}

      {deleting ? (
        <section
          aria-labelledby="delete-page-title"
          className="admin-panel admin-narrow-panel"
          role="alertdialog"
          aria-describedby="delete-page-text"
        >
          <h2 id="delete-page-title">
            {t(`admin.${screen}.deleteTitle`, { name: deleting.name })}
          </h2>
          <p id="delete-page-text">{t('admin.catalogue.deleteText')}</p>
          <div className="widget-actions">
            <button
              ref={confirmRef}
              type="button"
              className="widget-button widget-button--primary"
              disabled={busy}
              onClick={() => void confirmDelete(deleting)}
            >
              {t('admin.catalogue.deleteConfirm')}
            </button>
            <button
              type="button"
              className="widget-button widget-button--quiet"
              onClick={() => setDeleting(undefined)}
            >
              {t('admin.catalogue.keep')}
            </button>
          </div>
        </section>
      ) : null}

      {editing ? (
        <section aria-labelledby="page-form-title" className="admin-panel">
          <h2 id="page-form-title" ref={formRef} tabIndex={-1}>
            {editing === 'new'
              ? t(`admin.${screen}.new`)
              : t(`admin.${screen}.editTitle`, { name: editing.name })}
          </h2>
          <Form<Values<C>>
            // A new form for each page: its values start from that page.
            key={editing === 'new' ? 'new' : editing.id}
            onSubmit={onSubmit}
            validate={validate}
            initialValues={initialValues}
            render={({ handleSubmit, values }) => (
              <form onSubmit={handleSubmit} noValidate className="admin-narrow">
                {editing === 'new' ? (
                  <SelectField name="providerId" label={t('admin.catalogue.provider')}>
                    {providers.map(([id, name]) => (
                      <option key={id} value={id}>
                        {name}
                      </option>
                    ))}
                  </SelectField>
                ) : null}
                <TextField name="name" label={t('admin.catalogue.name')} required />
                <TextField
                  name="slug"
                  label={t('admin.catalogue.slug')}
                  help={t('admin.catalogue.slugHelp')}
                  required
                />
                <TextField name="description" label={t('admin.catalogue.description')} />
                <label className="widget-choice">
                  <Field name="published" component="input" type="checkbox" />
                  {t('admin.catalogue.publishedField')}
                </label>
                <Field<C> name="contents">
                  {({ input, meta }) =>
                    props.editContents({
                      value: input.value,
                      onChange: input.onChange,
                      services: services.filter(
                        (service) => String(service.providerId) === values.providerId,
                      ),
                      error: meta.touched || meta.submitFailed ? (meta.error as string) : undefined,
                    })
                  }
                </Field>
                <FormSubmit label={t('admin.catalogue.save')}>
                  <button
                    type="button"
                    className="widget-button widget-button--quiet"
                    onClick={() => setEditing(undefined)}
                  >
                    {t('admin.catalogue.close')}
                  </button>
                </FormSubmit>
              </form>
            )}
          />
        </section>
      ) : null}
    </section>
  )
}
