import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { Clinic } from './use-clinic'

/** Address, phone and e-mail, each only when the business has one. */
export function ClinicContact({ clinic }: { clinic: Clinic }) {
  const { t } = useTranslation()
  return (
    <dl className="clinic-contact">
      {clinic.address ? (
        <div>
          <dt>{t('clinic.address')}</dt>
          <dd>{clinic.address}</dd>
        </div>
      ) : null}
      {clinic.phone ? (
        <div>
          <dt>{t('clinic.phone')}</dt>
          <dd>
            <a href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`}>{clinic.phone}</a>
          </dd>
        </div>
      ) : null}
      {clinic.email ? (
        <div>
          <dt>{t('clinic.email')}</dt>
          <dd>
            <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
