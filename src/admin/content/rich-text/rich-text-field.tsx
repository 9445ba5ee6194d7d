import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useField } from 'react-final-form'
import type { MediaItem } from '../../../lib/admin/content-types'
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale/locales'
import { QuietButton } from '../../kit/main-action'
import { LabelledField, Options } from '../../shell/plain-fields'
import { bodyExtensions } from './body-extensions'

type Level = 2 | 3 | 4
const LEVELS: Level[] = [2, 3, 4]

/**
 * A body in the rich-text editor, as a react-final-form field holding HTML: only the markup the
 * server keeps can be written (`body-extensions.ts`), so a save shows on the site as it looks
 * here. `bookPath` is the widget route the "book" link leads to ('' when the site books for no
 * one).
 */
export function RichTextField({
  name,
  label,
  bookPath,
  media,
  locale,
}: {
  name: string
  label: string
  bookPath: string
  /** The media library, which images are placed from. */
  media: readonly MediaItem[]
  /** The language the body is written in: an image's alt text is offered in it. */
  locale: Locale
}) {
  const id = useId()
  const { input } = useField<string>(name, { subscription: { value: true } })
  const editor = useEditor({
    extensions: bodyExtensions(),
    content: input.value || '',
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        class: 'rich-text admin-rich-text__body',
      },
    },
    // Only a change the user made: loading the stored body leaves the form untouched.
    onUpdate: ({ editor: changed }) => input.onChange(changed.isEmpty ? '' : changed.getHTML()),
    onBlur: () => input.onBlur(),
  })
  return (
    <div className="widget-field admin-rich-text">
      <span id={`${id}-label`} className="admin-rich-text__label">
        {label}
      </span>
      {editor ? (
        <Toolbar editor={editor} label={label} bookPath={bookPath} media={media} locale={locale} />
      ) : null}
      <EditorContent editor={editor} />
    </div>
  )
}

/** Another text beside the one being written (the default language's), as the site shows it. */
export function RichTextReading({ html, label }: { html: string; label: string }) {
  const editor = useEditor({
    extensions: bodyExtensions(),
    content: html,
    editable: false,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': label, class: 'rich-text admin-rich-text__body' } },
  })
  return <EditorContent editor={editor} />
}

type Asking = 'link' | 'image'

function Toolbar({
  editor,
  label,
  bookPath,
  media,
  locale,
}: {
  editor: Editor
  label: string
  bookPath: string
  media: readonly MediaItem[]
  locale: Locale
}) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState<Asking>()
  const chain = () => editor.chain().focus()
  const level = LEVELS.find((each) => editor.isActive('heading', { level: each }))
  const toggle = (active: boolean, text: string, run: () => void) => (
    <QuietButton aria-pressed={active} onClick={run}>
      {text}
    </QuietButton>
  )
  const selected = !editor.state.selection.empty
  const cancel = () => {
    setAsking(undefined)
    editor.commands.focus()
  }
  return (
    <>
      <div
        role="toolbar"
        aria-label={t('admin.richText.toolbar', { label })}
        className="admin-toolbar admin-rich-text__tools"
      >
        <select
          aria-label={t('admin.richText.style')}
          value={level ?? 0}
          onChange={(event) => {
            const chosen = Number(event.target.value) as Level | 0
            if (chosen) chain().setHeading({ level: chosen }).run()
            else chain().setParagraph().run()
          }}
        >
          <option value={0}>{t('admin.richText.paragraph')}</option>
          <Options
            choices={LEVELS.map((each) => [
              each,
              t('admin.richText.heading', { level: String(each) }),
            ])}
          />
        </select>
        {toggle(editor.isActive('bold'), t('admin.richText.bold'), () =>
          chain().toggleBold().run(),
        )}
        {toggle(editor.isActive('italic'), t('admin.richText.italic'), () =>
          chain().toggleItalic().run(),
        )}
        {toggle(editor.isActive('bulletList'), t('admin.richText.bulletList'), () =>
          chain().toggleBulletList().run(),
        )}
        {toggle(editor.isActive('orderedList'), t('admin.richText.orderedList'), () =>
          chain().toggleOrderedList().run(),
        )}
        {toggle(editor.isActive('blockquote'), t('admin.richText.quote'), () =>
          chain().toggleBlockquote().run(),
        )}
        {toggle(editor.isActive('link'), t('admin.richText.link'), () =>
          editor.isActive('link') ? chain().unsetLink().run() : setAsking('link'),
        )}
        <QuietButton onClick={() => setAsking('image')}>{t('admin.richText.image')}</QuietButton>
        {bookPath ? (
          <QuietButton
            disabled={!selected}
            title={selected ? undefined : t('admin.richText.bookHelp')}
            onClick={() => chain().setLink({ href: bookPath }).run()}
          >
            {t('admin.richText.book')}
          </QuietButton>
        ) : null}
      </div>
      {asking === 'link' ? (
        <AskLink
          onDone={(address) => {
            chain().extendMarkRange('link').setLink({ href: address }).run()
            setAsking(undefined)
          }}
          onCancel={cancel}
        />
      ) : null}
      {asking === 'image' ? (
        <ChooseImage
          media={media}
          locale={locale}
          onDone={(image, alt) => {
            chain()
              .setImage({ src: image.path, alt, width: image.width, height: image.height })
              .run()
            setAsking(undefined)
          }}
          onCancel={cancel}
        />
      ) : null}
    </>
  )
}

/** Enter in a field inside the item's form does what `onEnter` says, not save the item. */
const enterDoes = (onEnter: () => void, onEscape: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault()
    onEnter()
  } else if (event.key === 'Escape') onEscape()
}

/** A link's address, asked inside the item's form. */
function AskLink({
  onDone,
  onCancel,
}: {
  onDone: (address: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [address, setAddress] = useState('')
  const first = useRef<HTMLInputElement>(null)
  // Asked for by a toolbar button: what to type next is this.
  useEffect(() => first.current?.focus(), [])
  const done = () => {
    if (address.trim()) onDone(address.trim())
  }
  return (
    <fieldset className="admin-rich-text__ask">
      <legend>{t('admin.richText.link')}</legend>
      <LabelledField id={`${id}-address`} label={t('admin.richText.linkAddress')}>
        <input
          ref={first}
          id={`${id}-address`}
          type="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={enterDoes(done, onCancel)}
        />
      </LabelledField>
      <AskButtons disabled={!address.trim()} onDone={done} onCancel={onCancel} />
    </fieldset>
  )
}

/**
 * An image of the media library placed in the text, with its alt text in the text's language
 * (the library's, which can be changed here for this place).
 */
function ChooseImage({
  media,
  locale,
  onDone,
  onCancel,
}: {
  media: readonly MediaItem[]
  locale: Locale
  onDone: (image: MediaItem, alt: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [name, setName] = useState('')
  const [alt, setAlt] = useState('')
  const first = useRef<HTMLSelectElement>(null)
  useEffect(() => first.current?.focus(), [])
  const chosen = media.find((image) => image.name === name)
  const done = () => {
    if (chosen) onDone(chosen, alt.trim())
  }
  return (
    <fieldset className="admin-rich-text__ask">
      <legend>{t('admin.richText.image')}</legend>
      {media.length === 0 ? <p>{t('admin.richText.noImages')}</p> : null}
      <LabelledField id={`${id}-image`} label={t('admin.richText.chooseImage')}>
        <select
          ref={first}
          id={`${id}-image`}
          value={name}
          onChange={(event) => {
            const image = media.find((each) => each.name === event.target.value)
            setName(event.target.value)
            setAlt(image?.alt[locale] ?? image?.alt[DEFAULT_LOCALE] ?? '')
          }}
        >
          <option value="">{t('admin.contentEditor.noImage')}</option>
          <Options choices={media.map((image) => [image.name, image.name])} />
        </select>
      </LabelledField>
      {chosen ? <img src={chosen.path} alt="" className="admin-media__thumb" /> : null}
      <LabelledField id={`${id}-alt`} label={t('admin.richText.imageAlt')}>
        <input
          id={`${id}-alt`}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={enterDoes(done, onCancel)}
        />
      </LabelledField>
      <AskButtons disabled={!chosen} onDone={done} onCancel={onCancel} />
    </fieldset>
  )
}

function AskButtons({
  disabled,
  onDone,
  onCancel,
}: {
  disabled: boolean
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="admin-toolbar">
      <button type="button" className="widget-button" onClick={onDone} disabled={disabled}>
        {t('admin.richText.insert')}
      </button>
      <QuietButton onClick={onCancel}>{t('admin.richText.cancel')}</QuietButton>
    </div>
  )
}
