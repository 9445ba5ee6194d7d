import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { CatalogueService } from '../../lib/admin/catalogue-types'
import { reorderActions } from '../kit/reorder'
import { RowActions } from '../kit/row-actions'
import { FieldMessage } from '../shell/fields'

/**
 * Services in the business's order: each listed one moves up, down or out by buttons (no
 * dragging, so keyboards and screen readers order them too), and one more is added from a select.
 */
export function OrderedServices({
  id,
  legend,
  services,
  value,
  onChange,
  error,
}: {
  id: string
  legend: string
  services: CatalogueService[]
  value: number[]
  onChange: (ids: number[]) => void
  error?: string
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState('')
  const nameOf = (serviceId: number) =>
    services.find((service) => service.id === serviceId)?.name ?? `#${serviceId}`
  const addable = services.filter((service) => !value.includes(service.id))
  const add = () => {
    if (!adding) return
    onChange([...value, Number(adding)])
    setAdding('')
  }
  return (
    <fieldset
      className="admin-ranges admin-ordered"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {value.length === 0 ? <p>{t('admin.catalogue.noServices')}</p> : null}
      <ol className="admin-ordered__list">
        {value.map((serviceId, index) => {
          const name = nameOf(serviceId)
          return (
            <li key={serviceId} className="admin-range">
              <span className="admin-ordered__name">{name}</span>
              <RowActions
                name={name}
                actions={reorderActions(value, index, onChange, {
                  up: t('admin.catalogue.moveUp'),
                  down: t('admin.catalogue.moveDown'),
                  remove: t('admin.catalogue.removeService'),
                })}
              />
            </li>
          )
        })}
      </ol>
      {addable.length > 0 ? (
        <div className="admin-toolbar">
          <div className="widget-field admin-narrow-field">
            <label htmlFor={`${id}-add`}>{t('admin.catalogue.addService')}</label>
            <select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('admin.catalogue.chooseService')}</option>
              {addable.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="widget-button widget-button--quiet"
            disabled={!adding}
            onClick={add}
          >
            {t('admin.catalogue.add')}
          </button>
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  )
}
