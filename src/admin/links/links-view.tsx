import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Form } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminOneTimeLink, CatalogueService } from '../../lib/admin/catalogue-types'
import { formatShortDateTime } from '../../lib/format/booking'
import { zonedLocalToInstant } from '../../lib/time'
import { ScrollRegion } from '../shell/scroll-region'
import { useWidgetUrl } from '../catalogue/widget-url'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, SelectField, TextField } from '../shell/fields'
import { usePages } from '../shell/use-pages'
import { LoadMore } from '../shell/load-more'

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
  const [services, setServices] = useState<CatalogueService[]>([])
  const [servicesError, setServicesError] = useState<string>()
  const [created, setCreated] = useState<string>()
  const [copyStatus, setCopyStatus] = useState<string>()
  // A new link is a new first page: the list is read again from the top.
  const [version, setVersion] = useState(0)
  const urlRef = useRef<HTMLInputElement>(null)

  const fetchPage = useCallback(
    (before?: number) =>
      api.oneTimeLinks(before).then((page) => ({ items: page.links, next: page.next })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for a fresh first page
    [api, version],
  )
  const { items: links, next, error, loading, loadMore } = usePages(fetchPage)

  useEffect(() => {
    let current = true
    api.serviceChoices().then(
      (found) => current && setServices(found),
      (failure: unknown) => current && setServicesError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api])

  useEffect(() => {
    if (created) urlRef.current?.focus()
  }, [created])

  const validate = (values: Values) => ({
    serviceId: values.serviceId ? undefined : 'admin.links.chooseService',
    expiresAt:
      values.expiresAt && instantOf(values.expiresAt, business.timeZone) <= Date.now()
        ? 'admin.links.expiryPast'
        : undefined,
  })

  const onSubmit = async (values: Values) => {
    try {
      const link = await api.createOneTimeLink({
        serviceId: Number(values.serviceId),
        ...(values.expiresAt
          ? { expiresAt: new Date(instantOf(values.expiresAt, business.timeZone)).toISOString() }
          : {}),
      })
      setCopyStatus(undefined)
      setCreated(widgetUrl(link.widgetPath))
      setVersion((value) => value + 1)
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  const copy = async () => {
    if (!created) return
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(created)
      setCopyStatus(t('admin.links.copied'))
    } catch {
      // Refused (no permission, an insecure page): the address stays selected to copy by hand.
      urlRef.current?.select()
      setCopyStatus(t('admin.links.copyRefused'))
    }
  }

  const stateOf = (link: AdminOneTimeLink) =>
    link.state === 'used' && link.usedAt
      ? t('admin.links.usedAt', { date: formatShortDateTime(link.usedAt, business.timeZone, tag) })
      : t(`admin.links.state.${link.state}`)

  return (
    <section aria-labelledby="links-title">
      <h1 id="links-title">{t('admin.links.title')}</h1>
      <p>{t('admin.links.intro')}</p>
      <Alert>{servicesError}</Alert>

      <section aria-labelledby="new-link-title" className="admin-panel admin-narrow-panel">
        <h2 id="new-link-title">{t('admin.links.new')}</h2>
        <Form<Values>
          onSubmit={onSubmit}
          validate={validate}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <SelectField name="serviceId" label={t('admin.links.service')}>
                <option value="">{t('admin.catalogue.chooseService')}</option>
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                name="expiresAt"
                type="datetime-local"
                label={t('admin.links.expires')}
                help={t('admin.links.expiresHelp', { zone: business.timeZone })}
              />
              <FormSubmit label={t('admin.links.create')} />
            </form>
          )}
        />
        {created ? (
          <div className="admin-new-link">
            <div className="widget-field">
              <label htmlFor="new-link-url">{t('admin.links.url')}</label>
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
            </div>
            <button
              type="button"
              className="widget-button widget-button--primary"
              onClick={() => void copy()}
            >
              {t('admin.links.copy')}
            </button>
          </div>
        ) : null}
        <p role="status" className="admin-status">
          {copyStatus}
        </p>
      </section>

      <h2 id="links-list-title">{t('admin.links.list')}</h2>
      <Alert>{error}</Alert>
      {!loading && !error && links.length === 0 ? <p>{t('admin.links.empty')}</p> : null}
      {links.length ? (
        <ScrollRegion label={t('admin.links.list')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.links.service')}</th>
                <th scope="col">{t('admin.links.created')}</th>
                <th scope="col">{t('admin.links.expiresColumn')}</th>
                <th scope="col">{t('admin.catalogue.state')}</th>
                <th scope="col">{t('admin.links.booking')}</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id}>
                  <td>{link.serviceName}</td>
                  <td>{formatShortDateTime(link.createdAt, business.timeZone, tag)}</td>
                  <td>
                    {link.expiresAt
                      ? formatShortDateTime(link.expiresAt, business.timeZone, tag)
                      : t('admin.links.never')}
                  </td>
                  <td>{stateOf(link)}</td>
                  <td>{link.bookingId === null ? '–' : `#${link.bookingId}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <LoadMore
        more={next !== null}
        loading={loading}
        onLoad={loadMore}
        label={t('admin.links.older')}
      />
    </section>
  )
}

function instantOf(local: string, zone: string): number {
  const [date = '', time = '00:00'] = local.split('T')
  return zonedLocalToInstant(date, time, zone)
}
