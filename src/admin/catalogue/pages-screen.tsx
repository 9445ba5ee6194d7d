import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo, useState, type ComponentType } from 'react'
import { Field } from 'react-final-form'
import type { AdminCatalogPage, CatalogueService } from '../../lib/admin/catalogue-types'
import type { AdminApi } from '../api'
import { ConfirmPanel } from '../kit/confirm-panel'
import { EditorPanel } from '../kit/editor-panel'
import { ResourceTable, textColumn, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { MainAction } from '../kit/main-action'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf, SelectField, TextField } from '../shell/fields'
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

/** What a page's contents editor is given: its value, its provider's services, its message. */
export interface ContentsEditorProps<C> {
  value: C
  onChange: (contents: C) => void
  services: CatalogueService[]
  error?: string
}

/** What one screen (menus or groups) adds to the list-create-edit-delete flow both share. */
export interface PageKind<T extends AdminCatalogPage, C> {
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
  ContentsEditor: ComponentType<ContentsEditorProps<C>>
}

/**
 * Service menus and groups alike: the list with each page's public widget address, a form to make
 * or edit one (its services in order), and a delete that asks first, since the public address
 * then stops working.
 */
export function PagesScreen<T extends AdminCatalogPage, C>({ kind }: { kind: PageKind<T, C> }) {
  const { screen, list, save, remove, emptyContents, contentsOf, validateContents } = kind
  const { ContentsEditor } = kind
  const { t } = useTranslation()
  const { api } = useAdmin()
  const widgetUrl = useWidgetUrl()
  const pages = useLoad(list)
  const choices = useLoad(serviceChoices, { fallback: NO_SERVICES })
  const services = choices.data ?? NO_SERVICES
  const { editing, status, open, close, done, say } = useEditing<T>()
  const [deleting, setDeleting] = useState<T>()
  const [busy, setBusy] = useState(false)

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
    const page = editing?.row
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
    done(t(`admin.${screen}.${page ? 'saved' : 'created'}`, { name: values.name!.trim() }))
    await pages.reload()
  }

  const confirmDelete = async (page: T) => {
    setBusy(true)
    pages.setError(undefined)
    try {
      await remove(api, page.id)
      setDeleting(undefined)
      if (editing?.row?.id === page.id) close()
      pages.setData((found) => found?.filter((each) => each.id !== page.id))
      say(t(`admin.${screen}.deleted`, { name: page.name }))
    } catch (failure) {
      pages.setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const firstProvider = services[0]?.providerId
  // Kept while the form is open: final-form starts over whenever its initial values change.
  const edited = editing?.row
  const initialValues = useMemo<Values<C>>(
    () =>
      edited
        ? {
            providerId: String(edited.providerId),
            name: edited.name,
            slug: edited.slug,
            description: edited.description,
            published: edited.published,
            contents: contentsOf(edited),
          }
        : {
            providerId: firstProvider === undefined ? undefined : String(firstProvider),
            published: false,
            contents: emptyContents,
          },
    [edited, firstProvider, contentsOf, emptyContents],
  )

  const columns: Column<T>[] = [
    textColumn('name', t('admin.catalogue.name'), (page) => page.name),
    {
      id: 'link',
      header: t('admin.catalogue.publicLink'),
      className: 'admin-break',
      cell: (page) => {
        const url = widgetUrl(page.widgetPath)
        return <a href={url}>{url}</a>
      },
    },
    {
      id: 'state',
      header: t('admin.catalogue.state'),
      cell: (page) => t(page.published ? 'admin.catalogue.published' : 'admin.catalogue.draft'),
    },
    {
      id: 'services',
      header: t('admin.catalogue.services'),
      cell: (page) => kind.serviceIdsOf(contentsOf(page)).map(serviceName).join(', ') || '–',
    },
    actionsColumn(
      t('admin.catalogue.actions'),
      (page) => page.name,
      (page) => [
        { label: t('admin.catalogue.edit'), onClick: () => open(page) },
        { label: t('admin.catalogue.delete'), onClick: () => setDeleting(page) },
      ],
    ),
  ]

  return (
    <Screen
      id={`${screen}-title`}
      title={t(`admin.${screen}.title`)}
      actions={<MainAction label={t(`admin.${screen}.new`)} onClick={() => open()} />}
      intro={t(`admin.${screen}.intro`)}
      error={pages.error ?? choices.error}
      status={status}
    >
      <ResourceTable
        label={t('admin.catalogue.listLabel', { title: t(`admin.${screen}.title`) })}
        rows={pages.data}
        columns={columns}
        rowId={(page) => page.id}
        current={edited?.id}
        empty={t(`admin.${screen}.empty`)}
        sortInAddress
      />

      {deleting ? (
        <ConfirmPanel
          title={t(`admin.${screen}.deleteTitle`, { name: deleting.name })}
          text={t('admin.catalogue.deleteText')}
          confirm={t('admin.catalogue.deleteConfirm')}
          keep={t('admin.catalogue.keep')}
          busy={busy}
          onConfirm={() => void confirmDelete(deleting)}
          onKeep={() => setDeleting(undefined)}
        />
      ) : null}

      {editing ? (
        <EditorPanel<Values<C>>
          // A new form for each page: its values start from that page.
          key={edited ? edited.id : 'new'}
          title={
            edited
              ? t(`admin.${screen}.editTitle`, { name: edited.name })
              : t(`admin.${screen}.new`)
          }
          initialValues={initialValues}
          validate={validate}
          onSubmit={onSubmit}
          onClose={close}
          saveLabel={t('admin.catalogue.save')}
          closeLabel={t('admin.catalogue.close')}
        >
          {({ values }) => (
            <>
              {edited ? null : (
                <SelectField
                  name="providerId"
                  label={t('admin.catalogue.provider')}
                  choices={providers}
                />
              )}
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
                {({ input, meta }) => (
                  <ContentsEditor
                    value={input.value}
                    onChange={input.onChange}
                    services={services.filter(
                      (service) => String(service.providerId) === values.providerId,
                    )}
                    error={meta.touched || meta.submitFailed ? (meta.error as string) : undefined}
                  />
                )}
              </Field>
            </>
          )}
        </EditorPanel>
      ) : null}
    </Screen>
  )
}

const NO_SERVICES: CatalogueService[] = []
const serviceChoices = (api: AdminApi) => api.serviceChoices()
