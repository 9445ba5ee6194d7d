import { useTranslation } from 'gatsby-plugin-react-i18next'

/** How the flow names person `index` of the party: the visitor, then "Guest 2", "Guest 3"… */
export function usePersonName(): (index: number) => string {
  const { t } = useTranslation()
  return (index) => (index === 0 ? t('widget.you') : t('widget.guestNumber', { count: index + 1 }))
}
