import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { CatalogueService } from '../../lib/admin/catalogue-types'
import { OrderedChoices, type OrderedProps } from '../kit/ordered-choices'

/** Services in the business's order, as a menu or a group lists them. */
export function OrderedServices({
  services,
  ...props
}: OrderedProps<number> & { services: CatalogueService[] }) {
  const { t } = useTranslation()
  return (
    <OrderedChoices
      {...props}
      choices={services}
      words={{
        none: t('admin.catalogue.noServices'),
        add: t('admin.catalogue.addService'),
        choose: t('admin.catalogue.chooseService'),
        remove: t('admin.catalogue.removeService'),
      }}
    />
  )
}
