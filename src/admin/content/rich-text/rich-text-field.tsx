import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useField } from 'react-final-form'
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
}: {
  name: string
  label: string
  bookPath: string
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
      {editor ? <Toolbar editor={editor} label={label} bookPath={bookPath} /> : null}
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

function Toolbar({ editor, label, bookPath }: { editor: Editor; label: string; bookPath: string }) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState<Asking>()
  const chain = () => editor.chain().focus()
  const level = LEVELS.find((each) => editor.isActive('heading', { level: each }))
  const toggle = (active: boolean, text: string, run: () => void) => (
    <button
      type="button"
      className="widget-button widget-button--quiet"
      aria-pressed={active}
      onClick={run}
    >
      {text}
    </button>
  )
  const selected = !editor.state.selection.empty
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
          {LEVELS.map((each) => (
            <option key={each} value={each}>
              {t('admin.richText.heading', { level: String(each) })}
            </option>
          ))}
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
        <button
          type="button"
          className="widget-button widget-button--quiet"
          onClick={() => setAsking('image')}
        >
          {t('admin.richText.image')}
        </button>
        {bookPath ? (
          <button
            type="button"
            className="widget-button widget-button--quiet"
            disabled={!selected}
            title={selected ? undefined : t('admin.richText.bookHelp')}
            onClick={() => chain().setLink({ href: bookPath }).run()}
          >
            {t('admin.richText.book')}
          </button>
        ) : null}
      </div>
      {asking ? (
        <Ask
          asking={asking}
          onDone={(address, alt) => {
            if (asking === 'link') chain().extendMarkRange('link').setLink({ href: address }).run()
            else chain().setImage({ src: address, alt }).run()
            setAsking(undefined)
          }}
          onCancel={() => {
            setAsking(undefined)
            editor.commands.focus()
          }}
        />
      ) : null}
    </>
  )
}

/**
 * A link's or an image's address (and an image's alt text), asked inside the item's form: Enter
 * inserts rather than saving the item.
 */
function Ask({
  asking,
  onDone,
  onCancel,
}: {
  asking: Asking
  onDone: (address: string, alt: string) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [address, setAddress] = useState('')
  const [alt, setAlt] = useState('')
  const first = useRef<HTMLInputElement>(null)
  // Asked for by a toolbar button: what to type next is this.
  useEffect(() => first.current?.focus(), [])
  const done = () => {
    if (address.trim()) onDone(address.trim(), alt.trim())
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      done()
    } else if (event.key === 'Escape') onCancel()
  }
  return (
    <fieldset className="admin-rich-text__ask">
      <legend>{t(asking === 'link' ? 'admin.richText.link' : 'admin.richText.image')}</legend>
      <div className="widget-field">
        <label htmlFor={`${id}-address`}>{t(`admin.richText.${asking}Address`)}</label>
        <input
          id={`${id}-address`}
          ref={first}
          type="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      {asking === 'image' ? (
        <div className="widget-field">
          <label htmlFor={`${id}-alt`}>{t('admin.richText.imageAlt')}</label>
          <input
            id={`${id}-alt`}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      ) : null}
      <div className="admin-toolbar">
        <button type="button" className="widget-button" onClick={done} disabled={!address.trim()}>
          {t('admin.richText.insert')}
        </button>
        <button type="button" className="widget-button widget-button--quiet" onClick={onCancel}>
          {t('admin.richText.cancel')}
        </button>
      </div>
    </fieldset>
  )
}
