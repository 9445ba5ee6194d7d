import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import {
  STUDIO_STATUSES,
  studioStatusOf,
  type MediaItem,
  type StudioItem,
  type StudioStatus,
} from '../../lib/admin/content-types'
import {
  CONTENT_KINDS,
  type ContentItem,
  type ContentKind,
  type Page,
} from '../../lib/content/types'
import { formatShortDateTime } from '../../lib/format/booking'
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { ConfirmPanel } from '../kit/confirm-panel'
import { versionedEditing } from '../kit/edit-conflict'
import { useMayLeave } from '../kit/leave-guard'
import { MainAction } from '../kit/main-action'
import { pagedRows, PagedTable } from '../kit/paged'
import type { Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { ScreenChoice, ScreenInput } from '../kit/screen-choice'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'
import { readContentQuery, replaceSearch, writeContentQuery } from '../shell/url-query'
import { usePages } from '../shell/use-pages'
import { hostsOf, missingLocales, previewUrl, sitePathOf, titleOf } from './content-rules'
import { HistoryPanel, useChangedBy } from './history-panel'
import { SchedulePanel } from './schedule-panel'
import { ItemEditor, type Related } from './item-editor'

/** What the list's editor and actions need beside its rows. */
interface Listed {
  /** Every page: the blog's and the store's paths, and the paths a page may not take. */
  pages: StudioItem<Page>[]
  /** What the kind's editor chooses among (only what the kind needs is read). */
  related: Related
  /** Where the body's booking links lead: the site's booking provider's team route. */
  bookPath: string
  /** The media library, which the editor places images from. */
  media: MediaItem[]
}

const NONE: ContentItem[] = []

/** What the list asks before doing to an item's status, and says once done. */
type StatusAction = 'publish' | 'unpublish' | 'publishChanges' | 'discard'

const STATUS_ACTIONS: Record<
  StatusAction,
  {
    title: string
    text: string
    confirm: string
    done: string
    call: (api: AdminApi) => (kind: ContentKind, id: string) => Promise<unknown>
  }
> = {
  publish: {
    title: 'admin.content.publishTitle',
    text: 'admin.content.publishText',
    confirm: 'admin.content.publish',
    done: 'admin.content.didPublish',
    call: (api) => api.publishContent,
  },
  unpublish: {
    title: 'admin.content.unpublishTitle',
    text: 'admin.content.unpublishText',
    confirm: 'admin.content.unpublish',
    done: 'admin.content.didUnpublish',
    call: (api) => api.unpublishContent,
  },
  // A published item's saved changes go on the site as publishing does.
  publishChanges: {
    title: 'admin.content.publishChangesTitle',
    text: 'admin.content.publishText',
    confirm: 'admin.content.publishChanges',
    done: 'admin.content.didPublishChanges',
    call: (api) => api.publishContent,
  },
  discard: {
    title: 'admin.content.discardTitle',
    text: 'admin.content.discardText',
    confirm: 'admin.content.discard',
    done: 'admin.content.didDiscard',
    call: (api) => api.discardContent,
  },
}

/** The status actions an item offers: a draft is published, a published item unpublished, and
 * its changes waiting published or discarded. */
const actionsOf = (item: StudioItem): StatusAction[] =>
  item.status === 'draft'
    ? ['publish']
    : item.pendingChanges
      ? ['publishChanges', 'discard', 'unpublish']
      : ['unpublish']

/** The related kinds each kind's editor chooses among. */
const RELATED: Partial<Record<ContentKind, (keyof Related)[]>> = {
  posts: ['authors', 'categories', 'tags'],
  collections: ['products'],
}

/** How long a preview opened from the list keeps working: a reading, not a day. */
const PREVIEW_MINUTES = 60

/**
 * The content studio's list (issue 31): the items of one kind, drafts too, newest change first
 * and a page at a time (searched and filtered by the server), with its status, the languages it
 * still lacks and when it last changed; each previewed as the site will show it, and published
 * or unpublished after a question. The kind, the search and the status are kept in the address.
 */
export function ContentView() {
  const { t, i18n } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const [start] = useState(() => readContentQuery(window.location.search))
  const [kind, setKind] = useState<ContentKind>(start.kind)
  const [q, setQ] = useState(start.q)
  const [shownStatus, setShownStatus] = useState<StudioStatus | ''>(start.status ?? '')
  const [asking, setAsking] = useState<{ item: ContentItem; action: StatusAction }>()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  // One panel at a time beside the list: an item's history or its schedule (or the editor).
  const [panel, setPanel] = useState<{ shows: 'history' | 'schedule'; item: StudioItem }>()
  const history = panel?.shows === 'history' ? panel.item : undefined
  const scheduling = panel?.shows === 'schedule' ? panel.item : undefined
  const mayLeave = useMayLeave()
  const changedBy = useChangedBy()

  useEffect(() => {
    replaceSearch(
      writeContentQuery(window.location.search, { kind, q, status: shownStatus || undefined }),
    )
  }, [kind, q, shownStatus])

  const load = useCallback(
    async (admin: AdminApi): Promise<Listed> => {
      const needed = RELATED[kind] ?? []
      const [pages, site, media, ...found] = await Promise.all([
        admin.contentItems<Page>('pages'),
        admin.contentSite(),
        admin.mediaLibrary(),
        ...needed.map((each) => admin.contentItems(each)),
      ])
      const related: Related = { authors: NONE, categories: NONE, tags: NONE, products: NONE }
      needed.forEach((each, at) => (related[each] = found[at]!))
      return {
        pages,
        related,
        bookPath: site.bookingProvider ? `/widget/appointment/${site.bookingProvider}` : '',
        media,
      }
    },
    [kind],
  )
  const listed = useLoad(load)
  const needle = q.trim()
  const fetchPage = useCallback(
    (cursor?: string) =>
      api
        .contentPage(kind, { q: needle, status: shownStatus || undefined, cursor })
        .then((page) => ({ items: page.items, next: page.nextCursor })),
    [api, kind, needle, shownStatus],
  )
  const rows = usePages(fetchPage)
  const editor = useEditing<StudioItem>()
  const { editing, open, close } = editor
  // A save moves its item to the top of the list (newest change first): the first page again.
  const list = {
    setData: (update: (items: StudioItem[] | undefined) => StudioItem[] | undefined) =>
      rows.update((items) => update(items) ?? items),
    reload: () => Promise.all([listed.reload(), rows.reload()]).then(([, items]) => items),
  }
  const language = i18n.language
  const title = (item: ContentItem) => titleOf(item, language)

  const versioned = versionedEditing(list, editor)

  const preview = (item: ContentItem) => {
    // Opened before the token is asked for, as a browser lets a click open a tab only at once.
    const tab = window.open('', '_blank')
    const path = sitePathOf(kind, item, hostsOf(listed.data?.pages ?? []))
    api.previewToken(PREVIEW_MINUTES).then(
      (token) => {
        if (tab)
          tab.location.href = previewUrl(
            isLocale(language) ? language : DEFAULT_LOCALE,
            path,
            token,
          )
      },
      (refused: unknown) => {
        tab?.close()
        setFailure(messageOf(refused))
      },
    )
  }

  const changeStatus = async ({ item, action }: { item: ContentItem; action: StatusAction }) => {
    setBusy(true)
    setFailure(undefined)
    try {
      await STATUS_ACTIONS[action].call(api)(kind, item.id)
      editor.say(t(STATUS_ACTIONS[action].done, { title: title(item) }))
      setAsking(undefined)
      await list.reload()
    } catch (refused) {
      setFailure(messageOf(refused))
    } finally {
      setBusy(false)
    }
  }

  /** Opens an item's history or schedule in place of the editor (asking first if it holds edits). */
  const showPanel = (shows: 'history' | 'schedule', item: StudioItem) => {
    if (editing && !mayLeave()) return
    close()
    setPanel({ shows, item })
  }

  const unschedule = async (item: StudioItem) => {
    setFailure(undefined)
    try {
      const saved = await api.unscheduleContent(kind, item.id)
      versioned.onSaved(t('admin.schedule.cancelled', { title: title(item) }), saved)
    } catch (refused) {
      setFailure(messageOf(refused))
    }
  }

  const columns: Column<StudioItem>[] = [
    // No column sorts: the rows shown are a part of the list, which the server orders.
    { id: 'title', header: t('admin.content.titleColumn'), cell: title },
    {
      id: 'status',
      header: t('admin.content.status'),
      cell: (item) =>
        item.pendingChanges
          ? t('admin.content.publishedWithChanges')
          : item.publishAt && studioStatusOf(item) === 'scheduled'
            ? t('admin.content.scheduledFor', {
                when: formatShortDateTime(item.publishAt, business.timeZone, tag),
              })
            : t(`admin.content.${studioStatusOf(item)}`),
    },
    {
      id: 'languages',
      header: t('admin.content.languages'),
      cell: (item) => {
        const missing = missingLocales(item)
        return missing.length === 0
          ? t('admin.content.allLanguages')
          : t('admin.content.missing', {
              number: String(missing.length),
              names: missing.map((locale) => LOCALE_NAMES[locale]).join(', '),
            })
      },
    },
    {
      id: 'changed',
      header: t('admin.content.changed'),
      cell: (item) => changedBy(item.updatedAt, item.updatedBy),
    },
    actionsColumn<StudioItem>(t('admin.content.actions'), title, (item) => [
      {
        label: t('admin.content.edit'),
        onClick: () => {
          setPanel(undefined)
          open(item)
        },
      },
      {
        label: t('admin.content.history'),
        onClick: () => showPanel('history', item),
      },
      { label: t('admin.content.preview'), onClick: () => preview(item) },
      ...actionsOf(item).map((action) => ({
        label: t(STATUS_ACTIONS[action].confirm),
        onClick: () => setAsking({ item, action }),
      })),
      ...(item.status === 'published'
        ? []
        : item.publishAt
          ? [{ label: t('admin.schedule.cancel'), onClick: () => void unschedule(item) }]
          : [
              {
                label: t('admin.schedule.action'),
                onClick: () => showPanel('schedule', item),
              },
            ]),
    ]),
  ]

  return (
    <Screen
      id="content-title"
      title={t('admin.content.title')}
      intro={t('admin.content.intro')}
      actions={
        listed.data ? (
          <MainAction
            label={t('admin.contentEditor.newTitle', {
              kind: t(`admin.contentEditor.kind.${kind}`),
            })}
            onClick={() => open()}
          />
        ) : null
      }
      error={failure ?? listed.error ?? rows.error}
      status={editor.status}
    >
      <div className="admin-filters">
        <ScreenChoice
          id="content-kind"
          label={t('admin.content.kind')}
          value={kind}
          choices={CONTENT_KINDS.map((each) => ({
            value: each,
            label: t(`admin.content.kinds.${each}`),
          }))}
          onChange={(each) => {
            if (editing && !mayLeave()) return
            setKind(each)
            setAsking(undefined)
            setPanel(undefined)
            close()
          }}
        />
        <ScreenChoice<StudioStatus | ''>
          id="content-status"
          label={t('admin.content.status')}
          value={shownStatus}
          choices={[
            { value: '', label: t('admin.content.anyStatus') },
            ...STUDIO_STATUSES.map((each) => ({ value: each, label: t(`admin.content.${each}`) })),
          ]}
          onChange={setShownStatus}
        />
        <ScreenInput
          id="content-search"
          label={t('admin.content.search')}
          type="search"
          value={q}
          onChange={setQ}
        />
      </div>
      {asking ? (
        <ConfirmPanel
          title={t(STATUS_ACTIONS[asking.action].title, { title: title(asking.item) })}
          text={t(STATUS_ACTIONS[asking.action].text)}
          confirm={t(STATUS_ACTIONS[asking.action].confirm)}
          keep={t('admin.content.keep')}
          busy={busy}
          onConfirm={() => void changeStatus(asking)}
          onKeep={() => setAsking(undefined)}
        />
      ) : null}
      {scheduling ? (
        <SchedulePanel
          key={scheduling.id}
          kind={kind}
          item={scheduling}
          title={title(scheduling)}
          now={Date.now}
          onClose={() => setPanel(undefined)}
          onScheduled={(message, saved) => {
            setPanel(undefined)
            versioned.onSaved(message, saved)
          }}
        />
      ) : null}
      {history ? (
        <HistoryPanel
          key={`${history.id}@${history.version}`}
          kind={kind}
          item={history}
          onClose={() => setPanel(undefined)}
          onReload={() =>
            void list.reload().then((items) => {
              const fresh = items?.find((each) => each.id === history.id)
              if (fresh) setPanel({ shows: 'history', item: fresh })
            })
          }
          onRestored={(message, saved) => {
            setPanel(undefined)
            versioned.onSaved(message, saved)
          }}
        />
      ) : null}
      {editing && listed.data ? (
        <ItemEditor
          key={versioned.key}
          onSaved={versioned.onSaved}
          onReload={versioned.onReload}
          kind={kind}
          item={editing.row}
          // The slugs taken that it tells as they are typed: a page's among every page, another
          // kind's among the rows loaded (the server refuses any other when it is saved).
          siblings={kind === 'pages' ? listed.data.pages : rows.items}
          related={listed.data.related}
          hosts={hostsOf(listed.data.pages)}
          bookPath={listed.data.bookPath}
          media={listed.data.media}
          onCancel={close}
        />
      ) : null}
      <PagedTable
        label={t('admin.catalogue.listLabel', { title: t(`admin.content.kinds.${kind}`) })}
        pages={rows}
        older={t('admin.loadMore')}
        columns={columns}
        rowId={(item) => item.id}
        current={editing?.row?.id ?? history?.id ?? scheduling?.id ?? asking?.item.id}
        empty={needle || shownStatus ? t('admin.content.noMatch') : t('admin.content.empty')}
      />
      {pagedRows(rows) === undefined && !rows.error ? <p>{t('admin.loading')}</p> : null}
    </Screen>
  )
}
