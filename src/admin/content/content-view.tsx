import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { StudioItem } from '../../lib/admin/content-types'
import {
  CONTENT_KINDS,
  type ContentItem,
  type ContentKind,
  type ContentStatus,
  type Page,
} from '../../lib/content/types'
import { formatShortDateTime } from '../../lib/format/booking'
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { actorText } from '../audit/activity'
import { ConfirmPanel } from '../kit/confirm-panel'
import { ResourceTable, textColumn, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { ScreenChoice, ScreenInput } from '../kit/screen-choice'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'
import { readContentQuery, replaceSearch, writeContentQuery } from '../shell/url-query'
import { hostsOf, missingLocales, previewUrl, sitePathOf, titleOf } from './content-rules'

interface Listed {
  items: StudioItem[]
  /** The pages, for the blog's and the store's paths. */
  pages: Page[]
}

/** How long a preview opened from the list keeps working: a reading, not a day. */
const PREVIEW_MINUTES = 60

/**
 * The content studio's list (issue 31): every item of one kind, drafts too, with its status, the
 * languages it still lacks and when it last changed; each previewed as the site will show it,
 * and published or unpublished after a question. The kind and the search are kept in the address.
 */
export function ContentView() {
  const { t, i18n } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const [start] = useState(() => readContentQuery(window.location.search))
  const [kind, setKind] = useState<ContentKind>(start.kind)
  const [q, setQ] = useState(start.q)
  const [shownStatus, setShownStatus] = useState<ContentStatus | ''>(start.status ?? '')
  const [asking, setAsking] = useState<{ item: ContentItem; publish: boolean }>()
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<string>()
  const [failure, setFailure] = useState<string>()

  useEffect(() => {
    replaceSearch(
      writeContentQuery(window.location.search, { kind, q, status: shownStatus || undefined }),
    )
  }, [kind, q, shownStatus])

  const load = useCallback(
    (admin: AdminApi): Promise<Listed> =>
      Promise.all([
        admin.contentItems(kind),
        kind === 'pages' ? undefined : admin.contentItems<Page>('pages'),
      ]).then(([items, pages]) => ({ items, pages: pages ?? (items as unknown as Page[]) })),
    [kind],
  )
  const listed = useLoad(load)
  const language = i18n.language
  const title = (item: ContentItem) => titleOf(item, language)
  const needle = q.trim().toLowerCase()
  const rows = listed.data?.items.filter(
    (item) =>
      (!shownStatus || item.status === shownStatus) &&
      (!needle || title(item).toLowerCase().includes(needle) || item.slug.includes(needle)),
  )

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

  const changeStatus = async ({ item, publish }: { item: ContentItem; publish: boolean }) => {
    setBusy(true)
    setFailure(undefined)
    try {
      await (publish ? api.publishContent : api.unpublishContent)(kind, item.id)
      setStatus(
        t(publish ? 'admin.content.didPublish' : 'admin.content.didUnpublish', {
          title: title(item),
        }),
      )
      setAsking(undefined)
      await listed.reload()
    } catch (refused) {
      setFailure(messageOf(refused))
    } finally {
      setBusy(false)
    }
  }

  const columns: Column<StudioItem>[] = [
    textColumn('title', t('admin.content.titleColumn'), title),
    {
      id: 'status',
      header: t('admin.content.status'),
      cell: (item) => t(`admin.content.${item.status}`),
      sortBy: (item) => t(`admin.content.${item.status}`),
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
      sortBy: (item) => missingLocales(item).length,
    },
    {
      id: 'changed',
      header: t('admin.content.changed'),
      cell: (item) => {
        const when = formatShortDateTime(item.updatedAt, business.timeZone, tag)
        return item.updatedBy
          ? t('admin.content.changedBy', { when, who: actorText(item.updatedBy, t) })
          : when
      },
      sortBy: (item) => Date.parse(item.updatedAt),
    },
    actionsColumn(t('admin.content.actions'), title, (item) => [
      { label: t('admin.content.preview'), onClick: () => preview(item) },
      item.status === 'published'
        ? {
            label: t('admin.content.unpublish'),
            onClick: () => setAsking({ item, publish: false }),
          }
        : { label: t('admin.content.publish'), onClick: () => setAsking({ item, publish: true }) },
    ]),
  ]

  return (
    <Screen
      id="content-title"
      title={t('admin.content.title')}
      intro={t('admin.content.intro')}
      error={failure ?? listed.error}
      status={status}
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
            setKind(each)
            setAsking(undefined)
          }}
        />
        <ScreenChoice<ContentStatus | ''>
          id="content-status"
          label={t('admin.content.status')}
          value={shownStatus}
          choices={[
            { value: '', label: t('admin.content.anyStatus') },
            { value: 'draft', label: t('admin.content.draft') },
            { value: 'published', label: t('admin.content.published') },
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
          title={t(asking.publish ? 'admin.content.publishTitle' : 'admin.content.unpublishTitle', {
            title: title(asking.item),
          })}
          text={t(asking.publish ? 'admin.content.publishText' : 'admin.content.unpublishText')}
          confirm={t(asking.publish ? 'admin.content.publish' : 'admin.content.unpublish')}
          keep={t('admin.content.keep')}
          busy={busy}
          onConfirm={() => void changeStatus(asking)}
          onKeep={() => setAsking(undefined)}
        />
      ) : null}
      <ResourceTable
        label={t('admin.catalogue.listLabel', { title: t(`admin.content.kinds.${kind}`) })}
        rows={rows}
        columns={columns}
        rowId={(item) => item.id}
        current={asking?.item.id}
        empty={needle || shownStatus ? t('admin.content.noMatch') : t('admin.content.empty')}
        sortInAddress
      />
      {listed.data === undefined && !listed.error ? <p>{t('admin.loading')}</p> : null}
    </Screen>
  )
}
