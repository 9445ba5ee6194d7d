import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useClinic } from './use-clinic'

/**
 * How a visitor gets a product: the shop sells at the clinic, so a reservation or a question is
 * an e-mail to the business with the product named in the subject. The product's own pick-up
 * text, where it has one, says it in place of the site's usual sentence.
 */
export function ProductPickUp({
  productName,
  pickUpText,
}: {
  productName: string
  /** '' for the site's usual sentence. */
  pickUpText: string
}) {
  const { t } = useTranslation()
  const clinic = useClinic()
  if (!clinic?.email) return null
  const mailto = (subject: string) =>
    `mailto:${clinic.email}?subject=${encodeURIComponent(subject)}`
  return (
    <section className="product__get" aria-labelledby="product-get">
      <h2 id="product-get">{t('product.getIt')}</h2>
      <p className="product__pick-up">{pickUpText || t('product.pickUp')}</p>
      <p className="product__get-actions">
        <a
          className="button-link"
          href={mailto(t('product.reserveSubject', { product: productName }))}
        >
          {t('product.reserve')}
        </a>
        <a href={mailto(t('product.askSubject', { product: productName }))}>{t('product.ask')}</a>
      </p>
    </section>
  )
}
