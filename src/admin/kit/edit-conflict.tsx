import { useTranslation } from 'gatsby-plugin-react-i18next'
import { HttpError, isHttpError } from '../../lib/http'

/** Whether the server refused a save because another came first (409, `version_conflict`). */
export const isVersionConflict = (failure: unknown): failure is HttpError =>
  isHttpError(failure) && failure.code === 'version_conflict'

/**
 * What a form of versioned rows says when the server refused its save because someone else saved
 * first: `message`, a key in the dashboard's words, which tell what the user can do here (the
 * API's are for any client), and `onReload`, which loads what is saved now.
 */
export interface EditedElsewhere {
  message: string
  onReload: () => void
}

/** The refusal to show: a version conflict in `editedElsewhere`'s words, anything else as it is. */
export function inOurWords(failure: unknown, editedElsewhere?: EditedElsewhere): unknown {
  if (!editedElsewhere || !isVersionConflict(failure)) return failure
  return new HttpError({
    statusCode: failure.statusCode,
    statusMessage: failure.statusMessage,
    code: failure.code,
    message: editedElsewhere.message,
  })
}

/**
 * Once a save was refused as `message` says, offers what is saved now (`onReload`), which the
 * typed values are not lost for: the button sits just above the refusal, as the form's Save ends
 * it.
 */
export function LoadSavedVersion({
  submitError,
  editedElsewhere,
}: {
  submitError: unknown
  editedElsewhere?: EditedElsewhere
}) {
  const { t } = useTranslation()
  return editedElsewhere && submitError === editedElsewhere.message ? (
    <button type="button" className="widget-button" onClick={editedElsewhere.onReload}>
      {t('admin.kit.loadSaved')}
    </button>
  ) : null
}

export interface VersionedRow {
  id: number | string
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
    /**
     * The editor's React key: a fresh form for each row and each version of it, so no value of
     * another stays. Given as `key=` itself (React refuses a key spread in with other props).
     */
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
