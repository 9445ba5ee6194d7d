import { useTranslation } from 'gatsby-plugin-react-i18next'
import { HttpError, isHttpError } from '../../lib/http'

/** Whether the server refused a save because another came first (409, `version_conflict`). */
export const isVersionConflict = (failure: unknown): failure is HttpError =>
  isHttpError(failure) && failure.code === 'version_conflict'

/**
 * A save the server refused because someone else saved first (409, `version_conflict`), with the
 * screen's own message key as its message, so the editor shows it as its error in the dashboard's
 * words, which tell what the user can do here (the API's are for any client). Any other failure
 * is thrown as it is.
 */
export function inOurWords(failure: unknown, message: string): never {
  if (isVersionConflict(failure)) {
    throw new HttpError({
      statusCode: failure.statusCode,
      statusMessage: failure.statusMessage,
      code: failure.code,
      message,
    })
  }
  throw failure
}

/**
 * Once a save was refused as `message` says, offers what is saved now (`onReload`), which the
 * typed values are not lost for: the button sits just above the refusal, as the panel's Save and
 * Cancel end the form.
 */
export function LoadSavedVersion({
  submitError,
  message,
  onReload,
}: {
  submitError: unknown
  message: string
  onReload: () => void
}) {
  const { t } = useTranslation()
  return submitError === message ? (
    <button type="button" className="widget-button" onClick={onReload}>
      {t('admin.kit.loadSaved')}
    </button>
  ) : null
}

interface VersionedRow {
  id: number
  version: number
}

/**
 * What a list screen does for its editor of versioned rows: after a save, shows the saved row at
 * once (so editing it again before the list is back is not refused) and reads the list again;
 * after a refusal, opens the row afresh as it is saved now.
 */
export function versionedEditing<T extends VersionedRow>(
  list: {
    setData: (update: (rows: T[] | undefined) => T[] | undefined) => void
    reload: () => Promise<T[] | undefined>
  },
  editor: { editing?: { row?: T }; reopen: (row?: T) => void; done: (message: string) => void },
) {
  return {
    /** A fresh form for each row and each version of it, so no value of another stays. */
    key: editor.editing?.row ? `${editor.editing.row.id}@${editor.editing.row.version}` : 'new',
    onSaved: (message: string, saved?: T) => {
      editor.done(message)
      if (saved) list.setData((rows) => rows?.map((each) => (each.id === saved.id ? saved : each)))
      void list.reload()
    },
    onReload: () => {
      const id = editor.editing?.row?.id
      void list.reload().then((rows) => {
        const current = rows?.find((each) => each.id === id)
        if (current) editor.reopen(current)
      })
    },
  }
}
