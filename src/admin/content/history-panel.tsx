import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Fragment, useCallback, useEffect, useRef, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type {
  ContentItemRevision,
  RevisionSummary,
  StudioItem,
} from '../../lib/admin/content-types'
import type { ContentKind } from '../../lib/content/types'
import { formatShortDateTime } from '../../lib/format/booking'
import { LOCALE_NAMES } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { actorText } from '../audit/activity'
import { ConfirmPanel } from '../kit/confirm-panel'
import { inOurWords } from '../kit/edit-conflict'
import { QuietButton } from '../kit/main-action'
import { ResourceTable, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { titleOf } from './content-rules'
import { textChanges } from './revision-diff'

/** When an item was saved, in the clinic's zone, and by whom when known: "{when} by {who}". */
export function useChangedBy(): (at: string, by: string | null) => string {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { business } = useAdmin()
  return (at, by) => {
    const when = formatShortDateTime(at, business.timeZone, tag)
    return by ? t('admin.content.changedBy', { when, who: actorText(by, t) }) : when
  }
}

/**
 * An item's history: every save with who made it and when; one compared with the item as it is
 * now, word by word in each language; and restored, after a question, as a new save (which never
 * publishes or unpublishes).
 */
export function HistoryPanel({
  kind,
  item,
  onRestored,
  onClose,
  onReload,
}: {
  kind: ContentKind
  item: StudioItem
  onRestored: (message: string, saved: StudioItem) => void
  onClose: () => void
  /** Reads the list again: the item changed since it was listed. */
  onReload: () => void
}) {
  const { t, i18n } = useTranslation()
  const { api } = useAdmin()
  const changedBy = useChangedBy()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [chosen, setChosen] = useState<ContentItemRevision>()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const load = useCallback(
    (admin: AdminApi) => admin.contentRevisions(kind, item.id),
    [kind, item.id],
  )
  const revisions = useLoad(load)
  useEffect(() => titleRef.current?.focus(), [])
  const title = titleOf(item, i18n.language)

  const compare = (revision: RevisionSummary) => {
    setFailure(undefined)
    setAsking(false)
    api
      .contentRevision(kind, item.id, revision.version)
      .then(setChosen, (refused: unknown) => setFailure(messageOf(refused)))
  }

  const restore = async (revision: ContentItemRevision) => {
    setBusy(true)
    try {
      const saved = await api.restoreRevision(kind, item.id, revision.version, item.version)
      onRestored(t('admin.history.restored', { title, version: String(revision.version) }), saved)
    } catch (refused) {
      setAsking(false)
      setFailure(
        messageOf(inOurWords(refused, { message: 'admin.history.changedSince', onReload })),
      )
      onReload()
    } finally {
      setBusy(false)
    }
  }

  const columns: Column<RevisionSummary>[] = [
    {
      id: 'version',
      header: t('admin.history.version'),
      cell: (revision) =>
        revision.version === item.version
          ? t('admin.history.now', { version: String(revision.version) })
          : String(revision.version),
    },
    {
      id: 'saved',
      header: t('admin.history.saved'),
      cell: (revision) => changedBy(revision.savedAt, revision.savedBy),
    },
    {
      id: 'status',
      header: t('admin.content.status'),
      cell: (revision) => t(`admin.content.${revision.status}`),
    },
    actionsColumn<RevisionSummary>(
      t('admin.content.actions'),
      (revision) => t('admin.history.versionName', { version: String(revision.version) }),
      (revision) =>
        revision.version === item.version
          ? []
          : [{ label: t('admin.history.compare'), onClick: () => compare(revision) }],
    ),
  ]

  const changes = chosen ? textChanges(chosen.item, item) : []
  return (
    <section aria-labelledby="content-history-title" className="admin-panel">
      <h2 id="content-history-title" ref={titleRef} tabIndex={-1}>
        {t('admin.history.title', { title })}
      </h2>
      <Alert>{failure ?? revisions.error}</Alert>
      <ResourceTable
        label={t('admin.history.list', { title })}
        rows={revisions.data}
        columns={columns}
        rowId={(revision) => revision.version}
        current={chosen?.version}
        empty={t('admin.history.empty')}
      />
      {chosen ? (
        <section aria-labelledby="content-history-compared" className="admin-history__compared">
          <h3 id="content-history-compared">
            {t('admin.history.compared', { version: String(chosen.version) })}
          </h3>
          {changes.length === 0 ? <p>{t('admin.history.sameText')}</p> : null}
          {changes.map((change) => (
            <Fragment key={`${change.locale}-${change.field}`}>
              <h4>
                {t('admin.contentEditor.inLanguage', {
                  field: t(`admin.contentEditor.field.${change.field}`),
                  language: LOCALE_NAMES[change.locale],
                })}
              </h4>
              <p className="admin-history__text" lang={change.locale}>
                {change.pieces.map((piece, at) =>
                  piece.change === 'kept' ? (
                    <Fragment key={at}>{piece.text}</Fragment>
                  ) : piece.change === 'removed' ? (
                    <del key={at}>
                      <span className="visually-hidden">{`${t('admin.history.removed')} `}</span>
                      {piece.text}
                    </del>
                  ) : (
                    <ins key={at}>
                      <span className="visually-hidden">{`${t('admin.history.added')} `}</span>
                      {piece.text}
                    </ins>
                  ),
                )}
              </p>
            </Fragment>
          ))}
          {asking ? (
            <ConfirmPanel
              title={t('admin.history.restoreTitle', { version: String(chosen.version) })}
              text={t('admin.history.restoreText')}
              confirm={t('admin.history.restore', { version: String(chosen.version) })}
              keep={t('admin.content.keep')}
              busy={busy}
              onConfirm={() => void restore(chosen)}
              onKeep={() => setAsking(false)}
            />
          ) : (
            <button type="button" className="widget-button" onClick={() => setAsking(true)}>
              {t('admin.history.restore', { version: String(chosen.version) })}
            </button>
          )}
        </section>
      ) : null}
      <div className="widget-actions">
        <QuietButton onClick={onClose}>{t('admin.contentEditor.close')}</QuietButton>
      </div>
    </section>
  )
}
