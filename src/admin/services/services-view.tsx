import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminProvider, AdminService } from '../../lib/admin/service-types'
import type { StoredForm } from '../../lib/admin/form-types'
import { formatPrice } from '../../lib/format'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { ScrollRegion } from '../shell/scroll-region'
import { ServiceEditor } from './service-editor'

/** Which service the form edits: a new one, an existing one, or none (the form is closed). */
type Editing = { service?: AdminService } | null

/** The business's services (owner and admin) and the form that creates and edits them. */
export function ServicesView() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const { api } = useAdmin()
  const [services, setServices] = useState<AdminService[]>()
  const [providers, setProviders] = useState<AdminProvider[]>()
  const [forms, setForms] = useState<StoredForm[]>([])
  const [editing, setEditing] = useState<Editing>(null)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()

  const load = useCallback(
    () =>
      api.adminServices().then(
        (list) => {
          setServices(list)
          setError(undefined)
          return list
        },
        (failure: unknown) => {
          setError(messageOf(failure))
          return undefined
        },
      ),
    [api],
  )

  useEffect(() => {
    let current = true
    void load()
    api.adminProviders().then(
      (list) => current && setProviders(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    // Without the forms list the intake-form picker offers none; the rest still works.
    api.forms().then(
      (list) => current && setForms(list.forms),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [api, load])

  const open = (next: Editing) => {
    setEditing(next)
    setStatus(undefined)
  }

  return (
    <section aria-labelledby="services-title">
      <div className="admin-title-row">
        <h1 id="services-title">{t('admin.services.title')}</h1>
        {providers?.length ? (
          <button
            type="button"
            className="widget-button widget-button--primary"
            onClick={() => open({})}
          >
            {t('admin.services.new')}
          </button>
        ) : null}
      </div>
      <Alert>{error}</Alert>
      {providers?.length === 0 ? <p>{t('admin.services.noProvider')}</p> : null}
      <p role="status" className="admin-status">
        {status}
      </p>
      {editing ? (
        <ServiceEditor
          // A fresh form for each service and each version of it, so no value of another stays.
          key={editing.service ? `${editing.service.id}@${editing.service.version}` : 'new'}
          service={editing.service}
          providers={providers ?? []}
          forms={forms}
          onCancel={() => setEditing(null)}
          onSaved={(message, saved) => {
            setEditing(null)
            setStatus(message)
            // Its new version at once: editing it again before the list is back is not refused.
            if (saved)
              setServices((list) => list?.map((each) => (each.id === saved.id ? saved : each)))
            void load()
          }}
          onReload={() => {
            const { id } = editing.service ?? {}
            void load().then((list) => {
              const current = list?.find((each) => each.id === id)
              if (current) open({ service: current })
            })
          }}
        />
      ) : null}
      {services?.length === 0 ? <p>{t('admin.services.empty')}</p> : null}
      {services?.length ? (
        <ScrollRegion label={t('admin.services.list')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.services.field.name')}</th>
                <th scope="col">{t('admin.services.duration')}</th>
                <th scope="col">{t('admin.services.price')}</th>
                <th scope="col">{t('admin.services.seats')}</th>
                <th scope="col">{t('admin.services.confirmation')}</th>
                <th scope="col">{t('admin.services.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr
                  key={service.id}
                  aria-current={editing?.service?.id === service.id || undefined}
                >
                  <td>{service.name}</td>
                  <td>{t('admin.services.minutes', { minutes: service.durationMinutes })}</td>
                  <td>{formatPrice(service.priceCents, service.currency, languageTag)}</td>
                  <td>{service.seatsPerSlot}</td>
                  <td>
                    {service.requiresConfirmation
                      ? t('admin.services.confirmationNeeded')
                      : t('admin.services.confirmationNotNeeded')}
                  </td>
                  <td>
                    <button type="button" className="admin-link" onClick={() => open({ service })}>
                      {t('admin.services.edit')}
                      <span className="visually-hidden"> {service.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  )
}
