import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useRef, useState, type DragEvent } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { MediaItem } from '../../lib/admin/content-types'
import { smallestMedia } from '../../lib/content/media-sizes'
import { LOCALE_NAMES, type Locale } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { ConfirmPanel } from '../kit/confirm-panel'
import { EditorPanel } from '../kit/editor-panel'
import { ResourceTable, textColumn, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf, TextField } from '../shell/fields'
import { TAB_LOCALES } from './item-form'
import { mediaNameFor, MEDIA_TYPES, sizeText, uploadRefusal } from './media-rules'

const listMedia = (api: AdminApi) => api.mediaLibrary()

/**
 * The media library (issue 31): upload images (several at once, dropped or chosen), see where
 * each is shown, give it alt text in each language, replace it under its name, and delete one
 * nothing shows any more.
 */
export function MediaView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api } = useAdmin()
  const media = useLoad(listMedia)
  const editor = useEditing<MediaItem>()
  const [deleting, setDeleting] = useState<MediaItem>()
  const [busy, setBusy] = useState(false)
  const [failures, setFailures] = useState<string[]>([])
  const replacing = useRef<{ input: HTMLInputElement | null; item?: MediaItem }>({ input: null })

  /** Uploads `files` one after another; each refusal is said with its file's name. */
  const upload = async (files: File[], replace?: MediaItem) => {
    setBusy(true)
    const refused: string[] = []
    const taken = new Set((media.data ?? []).map((item) => item.name))
    let uploaded = 0
    for (const file of files) {
      const refusal = uploadRefusal(file)
      if (refusal) {
        refused.push(t(refusal, { name: file.name }))
        continue
      }
      const name = replace?.name ?? mediaNameFor(file.name, file.type, taken)
      try {
        await api.uploadMedia(name, file)
        taken.add(name)
        uploaded++
      } catch (failure) {
        refused.push(t('admin.media.refused', { name: file.name, reason: messageOf(failure) }))
      }
    }
    setFailures(refused)
    setBusy(false)
    if (uploaded > 0) {
      editor.say(
        replace
          ? t('admin.media.replaced', { name: replace.name })
          : t('admin.media.uploaded', { number: String(uploaded) }),
      )
      await media.reload()
    }
  }

  const remove = async (item: MediaItem) => {
    setBusy(true)
    try {
      await api.deleteMedia(item.name)
      setDeleting(undefined)
      editor.say(t('admin.media.deleted', { name: item.name }))
      await media.reload()
    } catch (failure) {
      setDeleting(undefined)
      media.setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const columns: Column<MediaItem>[] = [
    {
      id: 'preview',
      header: t('admin.media.preview'),
      // The name beside it says which image it is: the thumbnail adds nothing to read.
      cell: (item) => (
        <img
          src={smallestMedia(item.path, item.width)}
          alt=""
          width={96}
          height={Math.round((96 * item.height) / item.width)}
          loading="lazy"
          className="admin-media__thumb"
        />
      ),
    },
    textColumn('name', t('admin.media.name'), (item) => item.name, 'admin-break'),
    {
      id: 'size',
      header: t('admin.media.size'),
      cell: (item) =>
        t('admin.media.dimensions', {
          width: String(item.width),
          height: String(item.height),
          size: sizeText(item.size, tag),
        }),
      sortBy: (item) => item.size,
    },
    {
      id: 'alt',
      header: t('admin.media.altColumn'),
      cell: (item) =>
        Object.keys(item.alt).length === 0
          ? t('admin.media.noAlt')
          : TAB_LOCALES.filter((locale) => item.alt[locale])
              .map((locale) => LOCALE_NAMES[locale])
              .join(', '),
    },
    {
      id: 'used',
      header: t('admin.media.usedBy'),
      cell: (item) =>
        item.usedBy.length === 0
          ? t('admin.media.unused')
          : item.usedBy
              .map((use) =>
                use.kind === 'site'
                  ? t('admin.media.siteLogo')
                  : `${t(`admin.content.kinds.${use.kind}`)}: ${use.title}`,
              )
              .join(', '),
      sortBy: (item) => item.usedBy.length,
    },
    actionsColumn<MediaItem>(
      t('admin.content.actions'),
      (item) => item.name,
      (item) => [
        { label: t('admin.media.altAction'), onClick: () => editor.open(item) },
        {
          label: t('admin.media.replace'),
          onClick: () => {
            replacing.current.item = item
            replacing.current.input?.click()
          },
        },
        { label: t('admin.media.delete'), onClick: () => setDeleting(item) },
      ],
    ),
  ]

  return (
    <Screen
      id="media-title"
      title={t('admin.media.title')}
      intro={t('admin.media.intro')}
      error={media.error}
      status={busy ? t('admin.media.uploading') : editor.status}
    >
      <UploadZone disabled={busy} onFiles={(files) => void upload(files)} />
      <input
        ref={(element) => {
          replacing.current.input = element
        }}
        type="file"
        accept={Object.keys(MEDIA_TYPES).join(',')}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0]
          const item = replacing.current.item
          event.target.value = ''
          if (file && item) void upload([file], item)
        }}
      />
      {failures.length > 0 ? (
        <ul role="alert" className="admin-media__refusals">
          {failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmPanel
          title={t('admin.media.deleteTitle', { name: deleting.name })}
          text={
            deleting.usedBy.length > 0
              ? t('admin.media.deleteUsed', { number: String(deleting.usedBy.length) })
              : t('admin.media.deleteText')
          }
          confirm={t('admin.media.delete')}
          keep={t('admin.content.keep')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onKeep={() => setDeleting(undefined)}
        />
      ) : null}
      {editor.editing?.row ? (
        <AltEditor
          key={editor.editing.row.name}
          item={editor.editing.row}
          onCancel={editor.close}
          onSaved={(message) => {
            editor.done(message)
            void media.reload()
          }}
        />
      ) : null}
      <ResourceTable
        label={t('admin.media.list')}
        rows={media.data}
        columns={columns}
        rowId={(item) => item.name}
        current={editor.editing?.row?.name ?? deleting?.name}
        empty={t('admin.media.empty')}
        sortInAddress
      />
    </Screen>
  )
}

/**
 * Images dropped on it or chosen with its button, several at once. The button is the way for
 * keyboards and screen readers; dropping is for a mouse.
 */
function UploadZone({
  disabled,
  onFiles,
}: {
  disabled: boolean
  onFiles: (files: File[]) => void
}) {
  const { t } = useTranslation()
  const [over, setOver] = useState(false)
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!disabled) onFiles([...event.dataTransfer.files])
  }
  return (
    <div
      className={over ? 'admin-media__drop admin-media__drop--over' : 'admin-media__drop'}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor="media-upload" className="widget-button">
        {t('admin.media.choose')}
      </label>
      <input
        id="media-upload"
        type="file"
        multiple
        accept={Object.keys(MEDIA_TYPES).join(',')}
        disabled={disabled}
        className="visually-hidden"
        aria-describedby="media-upload-help"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
      <p id="media-upload-help">{t('admin.media.dropHelp')}</p>
    </div>
  )
}

type AltValues = { alt: Partial<Record<Locale, string>> }

/** An image's alt text in each language: what a screen reader says for it on the site. */
function AltEditor({
  item,
  onSaved,
  onCancel,
}: {
  item: MediaItem
  onSaved: (message: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const [initialValues] = useState<AltValues>(() => ({ alt: { ...item.alt } }))
  return (
    <EditorPanel<AltValues>
      title={t('admin.media.altTitle', { name: item.name })}
      initialValues={initialValues}
      onSubmit={async (values) => {
        const alt = Object.fromEntries(
          TAB_LOCALES.map((locale) => [locale, (values.alt?.[locale] ?? '').trim()]),
        )
        await api.setMediaAlt(item.name, alt)
        onSaved(t('admin.media.altSaved', { name: item.name }))
      }}
      onClose={onCancel}
      saveLabel={t('admin.contentEditor.save')}
      closeLabel={t('admin.contentEditor.close')}
    >
      {() => (
        <>
          <img src={item.path} alt="" className="admin-media__large" />
          <p>{t('admin.media.altHelp')}</p>
          {TAB_LOCALES.map((locale) => (
            <TextField
              key={locale}
              name={`alt.${locale}`}
              label={t('admin.contentEditor.inLanguage', {
                field: t('admin.media.altColumn'),
                language: LOCALE_NAMES[locale],
              })}
              autoComplete="off"
            />
          ))}
        </>
      )}
    </EditorPanel>
  )
}
