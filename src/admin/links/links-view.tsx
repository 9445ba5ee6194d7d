import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminOneTimeLink, CatalogueService } from '../../lib/admin/catalogue-types'
import { formatShortDateTime } from '../../lib/format/booking'
import { localInputToInstant } from '../../lib/time'
import type { AdminApi } from '../api'
import { useWidgetUrl } from '../catalogue/widget-url'
import { InlineForm } from '../kit/inline-form'
import { PagedTable } from '../kit/paged'
import { Panel } from '../kit/panel'
import type { Column } from '../kit/resource-table'
import { Screen } from '../kit/screen'
import { useCopy } from '../kit/use-copy'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { Alert, choicesOf, LabelledField, SelectField, TextField } from '../shell/fields'
import { usePages } from '../shell/use-pages'

interface Values {
  serviceId?: string
  /** datetime-local, 'YYYY-MM-DDTHH:mm', read in the business's zone; empty: never expires. */
  expiresAt?: string
}

/**
 * One-time links: each makes exactly one booking of its service. The slug is a secret the API
 * keeps only as a hash, so a link's address is shown once, when it is made, to copy and send.
 */
export function LinksView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const widgetUrl = useWidgetUrl()
  const choices = useLoad(serviceChoices, { fallback: NO_SERVICES })
  const [created, setCreated] = useState<string>()
  // A new link is a new first page: the list is read again from the top.
  const [version, setVersion] = useState(0)
  const urlRef = useRef<HTMLInputElement>(null)
  // Refused (no permission, an insecure page): the address stays selected to copy by hand.
  const copy = useCopy('admin.links.copied', 'admin.links.copyRefused', () =>
    urlRef.current?.select(),
  )

  const fetchPage = useCallback(
    (before?: number) =>
      api.oneTimeLinks(before).then((page) => ({ items: page.links, next: page.next })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for a fresh first page
    [api, version],
  )
  const links = usePages(fetchPage)

  useEffect(() => {
    if (created) urlRef.current?.focus()
  }, [created])

  const validate = (values: Values) => ({
    serviceId: values.serviceId ? undefined : 'admin.links.chooseService',
    expiresAt:
      values.expiresAt && localInputToInstant(values.expiresAt, business.timeZone) <= Date.now()
        ? 'admin.links.expiryPast'
        : undefined,
  })

  const onSubmit = async (values: Values) => {
    const link = await api.createOneTimeLink({
      serviceId: Number(values.serviceId),
      ...(values.expiresAt
        ? {
            expiresAt: new Date(
              localInputToInstant(values.expiresAt, business.timeZone),
            ).toISOString(),
          }
        : {}),
    })
    copy.setSaid(undefined)
    setCreated(widgetUrl(link.widgetPath))
    setVersion((value) => value + 1)
  }

  const when = (instant: string) => formatShortDateTime(instant, business.timeZone, tag)
  const columns: Column<AdminOneTimeLink>[] = [
    { id: 'service', header: t('admin.links.service'), cell: (link) => link.serviceName },
    { id: 'created', header: t('admin.links.created'), cell: (link) => when(link.createdAt) },
    {
      id: 'expires',
      header: t('admin.links.expiresColumn'),
      cell: (link) => (link.expiresAt ? when(link.expiresAt) : t('admin.links.never')),
    },
    {
      id: 'state',
      header: t('admin.catalogue.state'),
      cell: (link) =>
        link.state === 'used' && link.usedAt
          ? t('admin.links.usedAt', { date: when(link.usedAt) })
          : t(`admin.links.state.${link.state}`),
    },
    {
      id: 'booking',
      header: t('admin.links.booking'),
      cell: (link) => (link.bookingId === null ? '–' : `#${link.bookingId}`),
    },
  ]

  return (
    <Screen
      id="links-title"
      title={t('admin.links.title')}
      intro={t('admin.links.intro')}
      error={choices.error}
      status={copy.said}
    >
      <Panel id="new-link-title" title={t('admin.links.new')} narrow>
        <InlineForm<Values>
          validate={validate}
          onSubmit={onSubmit}
          submitLabel={t('admin.links.create')}
        >
          <SelectField
            name="serviceId"
            label={t('admin.links.service')}
            blank={t('admin.catalogue.chooseService')}
            choices={choicesOf(choices.data ?? NO_SERVICES)}
          />
          <TextField
            name="expiresAt"
            type="datetime-local"
            label={t('admin.links.expires')}
            help={t('admin.links.expiresHelp', { zone: business.timeZone })}
          />
        </InlineForm>
        {created ? (
          <div className="admin-new-link">
            <LabelledField id="new-link-url" label={t('admin.links.url')}>
              <input
                ref={urlRef}
                id="new-link-url"
                readOnly
                value={created}
                aria-describedby="new-link-help"
                onFocus={(event) => event.target.select()}
              />
              <p id="new-link-help" className="widget-field__help">
                {t('admin.links.onlyOnce')}
              </p>
            </LabelledField>
            <button
              type="button"
              className="widget-button widget-button--primary"
              onClick={() => void copy.copy(created)}
            >
              {t('admin.links.copy')}
            </button>
          </div>
        ) : null}
      </Panel>

      <h2 id="links-list-title">{t('admin.links.list')}</h2>
      <Alert>{links.error}</Alert>
      <PagedTable
        label={t('admin.links.list')}
        pages={links}
        columns={columns}
        rowId={(link) => link.id}
        empty={t('admin.links.empty')}
        older={t('admin.links.older')}
      />
    </Screen>
  )
}

const NO_SERVICES: CatalogueService[] = []
const serviceChoices = (api: AdminApi) => api.serviceChoices()
