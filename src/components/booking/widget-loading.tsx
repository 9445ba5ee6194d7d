import { useTranslation } from 'gatsby-plugin-react-i18next'

/** The widget's frame while a flow loads what it shows; busy, and announced once. */
export function WidgetLoading() {
  const { t } = useTranslation()
  return (
    <main className="widget" aria-busy="true">
      <p role="status">{t('widget.loading')}</p>
    </main>
  )
}
