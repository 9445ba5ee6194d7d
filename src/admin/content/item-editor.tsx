import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo, useState } from 'react'
import { useField, useFormState } from 'react-final-form'
import type { MediaItem, StudioItem } from '../../lib/admin/content-types'
import type { SiteHosts } from '../../lib/content/site-paths'
import {
  MAX_PICK_UP_TEXT_LENGTH,
  PAGE_MENUS,
  type ContentItem,
  type ContentKind,
  type Page,
} from '../../lib/content/types'
import { DEFAULT_LOCALE, LOCALE_NAMES, localizedPath, type Locale } from '../../lib/locale/locales'
import { EditorPanel } from '../kit/editor-panel'
import { OrderedChoices } from '../kit/ordered-choices'
import { Tabs } from '../kit/tabs'
import { CheckboxField as ListCheckbox, TextAreaField } from '../services/service-fields'
import { useAdmin } from '../shell/admin-context'
import { CheckboxField, SelectField, TextField } from '../shell/fields'
import { sitePathOf, titleOf } from './content-rules'
import { MediaField } from './media-field'
import {
  changesOf,
  createBody,
  cut,
  newItemValues,
  TAB_LOCALES,
  validate,
  valuesOf,
  writtenLocales,
  type ImageValues,
  type ItemValues,
  type TranslationValues,
} from './item-form'
import { RichTextField, RichTextReading } from './rich-text/rich-text-field'
import { previewTextOf, socialCardOf } from './seo-preview'

/** The items a kind's fields choose among: a post's author, categories and tags, a collection's products. */
export interface Related {
  authors: ContentItem[]
  categories: ContentItem[]
  tags: ContentItem[]
  products: ContentItem[]
}

/**
 * One content item in the studio: its address, its kind's own fields, and its text in each of
 * the site's languages, a tab per language with the default language's text beside it. A save
 * is a draft's (publishing is the list's); a save from an older version is refused and says so.
 */
export function ItemEditor({
  kind,
  item,
  siblings,
  related,
  hosts,
  bookPath,
  media,
  onSaved,
  onCancel,
  onReload,
}: {
  kind: ContentKind
  item?: StudioItem
  /** The kind's items, for the slugs and paths already taken. */
  siblings: readonly StudioItem[]
  related: Related
  hosts: SiteHosts
  bookPath: string
  /** The media library: a cover, an avatar, a product's images and a body's images come from it. */
  media: readonly MediaItem[]
  onSaved: (message: string, saved?: StudioItem) => void
  onCancel: () => void
  onReload: () => void
}) {
  const { t, i18n } = useTranslation()
  const { api } = useAdmin()
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE)
  const initialValues = useMemo(
    () => (item ? valuesOf(kind, item) : newItemValues(kind, related.authors[0]?.id)),
    [kind, item, related.authors],
  )
  const others = siblings.filter((each) => each.id !== item?.id)
  const taken = {
    slugs: others.map((each) => each.slug),
    paths: kind === 'pages' ? others.map((each) => (each as unknown as Page).path) : [],
  }
  const choices = (items: ContentItem[]) =>
    items.map((each) => ({ id: each.id, name: titleOf(each, i18n.language) }))
  const kindName = t(`admin.contentEditor.kind.${kind}`)

  const onSubmit = async (values: ItemValues) => {
    const title = values.translations[DEFAULT_LOCALE]?.title.trim() || values.slug
    if (!item) {
      const saved = await api.createContent(kind, createBody(kind, values))
      return onSaved(t('admin.contentEditor.created', { title }), saved)
    }
    const changes = changesOf(kind, item, values)
    if (Object.keys(changes).length === 0) return onSaved(t('admin.contentEditor.unchanged'))
    const saved = await api.updateContent(kind, item.id, changes)
    return onSaved(t('admin.contentEditor.saved', { title }), saved)
  }

  return (
    <EditorPanel<ItemValues>
      title={
        item
          ? t('admin.contentEditor.editTitle', { title: titleOf(item, i18n.language) })
          : t('admin.contentEditor.newTitle', { kind: kindName })
      }
      initialValues={initialValues}
      validate={(values) => validate(kind, values, taken)}
      onSubmit={onSubmit}
      onClose={onCancel}
      editedElsewhere={{ message: 'admin.contentEditor.editedElsewhere', onReload }}
      keepTyped={`content:${kind}:${item?.id ?? 'new'}`}
      saveLabel={t(item ? 'admin.contentEditor.save' : 'admin.contentEditor.create')}
      closeLabel={t('admin.contentEditor.close')}
      narrow={false}
    >
      {({ values }) => {
        const written = writtenLocales(values)
        const path = item || kind !== 'products' ? addressOf(kind, values, item, hosts) : ''
        return (
          <>
            {item?.status === 'published' ? <p>{t('admin.contentEditor.publishedNote')}</p> : null}
            <fieldset className="admin-service-form__group">
              <legend>{t('admin.contentEditor.address')}</legend>
              <TextField
                name="slug"
                label={t('admin.contentEditor.slug')}
                autoComplete="off"
                required
                help={kind === 'pages' || !path ? undefined : onSite(t, locale, path)}
              />
              {kind === 'pages' ? (
                <>
                  <TextField
                    name="path"
                    label={t('admin.contentEditor.path')}
                    autoComplete="off"
                    required
                    help={path ? onSite(t, locale, path) : undefined}
                  />
                  <SelectField
                    name="menu"
                    label={t('admin.contentEditor.menu')}
                    choices={PAGE_MENUS.map((menu) => [
                      menu,
                      t(`admin.contentEditor.menus.${menu}`),
                    ])}
                  />
                  <CheckboxField name="hostsBlog" label={t('admin.contentEditor.hostsBlog')} />
                  <CheckboxField name="hostsStore" label={t('admin.contentEditor.hostsStore')} />
                </>
              ) : null}
            </fieldset>
            <KindFields kind={kind} related={related} choices={choices} media={media} />
            <Tabs
              label={t('admin.contentEditor.languages')}
              tabs={TAB_LOCALES.map((each) => ({
                value: each,
                label: written.includes(each)
                  ? LOCALE_NAMES[each]
                  : t('admin.contentEditor.notWritten', { language: LOCALE_NAMES[each] }),
              }))}
              chosen={locale}
              onChoose={setLocale}
              idOf={(each) => `content-language-${each}`}
              panelId="content-language-panel"
            />
            <div
              role="tabpanel"
              id="content-language-panel"
              aria-labelledby={`content-language-${locale}`}
              className={locale === DEFAULT_LOCALE ? undefined : 'admin-languages'}
            >
              {locale === DEFAULT_LOCALE ? null : <DefaultText kind={kind} values={values} />}
              <LanguageFields
                key={locale}
                kind={kind}
                locale={locale}
                bookPath={bookPath}
                media={media}
                products={related.products}
                address={path ? localizedPath(locale, path) : ''}
              />
            </div>
          </>
        )
      }}
    </EditorPanel>
  )
}

/** Where the site shows the item as typed so far (for a page, its path). */
function addressOf(
  kind: ContentKind,
  values: ItemValues,
  item: StudioItem | undefined,
  hosts: SiteHosts,
): string {
  const slug = (values.slug ?? '').trim()
  const path = (values.path ?? '').trim()
  // Nothing to show until what names the address is typed.
  if (kind === 'pages' ? !path : !slug) return ''
  const typed = { ...(item ?? { id: '', translations: [] }), slug, path }
  return sitePathOf(kind, typed as unknown as ContentItem, hosts)
}

const onSite = (
  t: (key: string, values?: Record<string, string>) => string,
  locale: Locale,
  path: string,
) => t('admin.contentEditor.onSite', { url: localizedPath(locale, path) })

/** The fields of a kind beyond its text: a post's author, categories and tags; a product's price. */
function KindFields({
  kind,
  related,
  choices,
  media,
}: {
  kind: ContentKind
  related: Related
  choices: (items: ContentItem[]) => { id: string; name: string }[]
  media: readonly MediaItem[]
}) {
  const { t } = useTranslation()
  const products = useField<string[]>('productIds', { subscription: { value: true } })
  const images = useField<ImageValues[]>('images', { subscription: { value: true } })
  switch (kind) {
    case 'posts':
      return (
        <fieldset className="admin-service-form__group">
          <legend>{t('admin.contentEditor.filing')}</legend>
          <SelectField
            name="authorId"
            label={t('admin.contentEditor.author')}
            blank={t('admin.contentEditor.chooseAuthor')}
            choices={choices(related.authors).map((each) => [each.id, each.name])}
          />
          <Checkboxes
            name="categoryIds"
            legend={t('admin.contentEditor.categories')}
            items={choices(related.categories)}
          />
          <Checkboxes
            name="tagIds"
            legend={t('admin.contentEditor.tags')}
            items={choices(related.tags)}
          />
          <MediaField
            name="coverImage"
            legend={t('admin.contentEditor.coverImage')}
            media={media}
          />
        </fieldset>
      )
    case 'authors':
      return (
        <fieldset className="admin-service-form__group">
          <legend>{t('admin.contentEditor.person')}</legend>
          <TextField name="name" label={t('admin.contentEditor.name')} required />
          <MediaField name="avatar" legend={t('admin.contentEditor.avatar')} media={media} />
        </fieldset>
      )
    case 'products':
      return (
        <fieldset className="admin-service-form__group">
          <legend>{t('admin.contentEditor.price')}</legend>
          <TextField
            name="price"
            label={t('admin.contentEditor.amount')}
            autoComplete="off"
            required
          />
          <TextField
            name="currency"
            label={t('admin.contentEditor.currency')}
            autoComplete="off"
            required
          />
          <OrderedChoices
            id="product-images"
            legend={t('admin.contentEditor.images')}
            choices={media.map((image) => ({ id: image.name, name: image.name }))}
            value={(images.input.value || []).map((image) => image.name)}
            onChange={(names) =>
              images.input.onChange(
                names.map(
                  (name) =>
                    (images.input.value || []).find((image) => image.name === name) ?? {
                      name,
                      alt: media.find((image) => image.name === name)?.alt[DEFAULT_LOCALE] ?? '',
                    },
                ),
              )
            }
            words={{
              none: t('admin.contentEditor.noImagesYet'),
              add: t('admin.contentEditor.addImage'),
              choose: t('admin.contentEditor.chooseImageToAdd'),
              remove: t('admin.contentEditor.removeImage'),
            }}
          />
        </fieldset>
      )
    case 'collections':
      return (
        <OrderedChoices
          id="collection-products"
          legend={t('admin.contentEditor.products')}
          choices={choices(related.products)}
          value={products.input.value || []}
          onChange={products.input.onChange}
          words={{
            none: t('admin.contentEditor.noProducts'),
            add: t('admin.contentEditor.addProduct'),
            choose: t('admin.contentEditor.chooseProduct'),
            remove: t('admin.contentEditor.removeProduct'),
          }}
        />
      )
    default:
      return null
  }
}

function Checkboxes({
  name,
  legend,
  items,
}: {
  name: string
  legend: string
  items: { id: string; name: string }[]
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="admin-choices">
      <legend>{legend}</legend>
      {items.length === 0 ? <p>{t('admin.contentEditor.noneYet')}</p> : null}
      {items.map((each) => (
        <ListCheckbox key={each.id} name={name} value={each.id} label={each.name} />
      ))}
    </fieldset>
  )
}

/** The words a kind's title and body go by: an author's role and biography, a tag's name. */
const labelsOf = (kind: ContentKind) =>
  kind === 'authors'
    ? { title: 'role', body: 'biography' }
    : kind === 'categories' || kind === 'tags'
      ? { title: 'name', body: 'description' }
      : { title: 'title', body: 'body' }

/** The default language's text, beside the language being written, to translate from. */
function DefaultText({ kind, values }: { kind: ContentKind; values: ItemValues }) {
  const { t } = useTranslation()
  const text = values.translations[DEFAULT_LOCALE]
  const labels = labelsOf(kind)
  const heading = t('admin.contentEditor.defaultText', { language: LOCALE_NAMES[DEFAULT_LOCALE] })
  return (
    <section aria-label={heading} className="admin-languages__default" lang={DEFAULT_LOCALE}>
      <h3>{heading}</h3>
      <p>
        <strong>{t(`admin.contentEditor.field.${labels.title}`)}:</strong> {text?.title}
      </p>
      {text?.excerpt ? (
        <p>
          <strong>{t('admin.contentEditor.field.excerpt')}:</strong> {text.excerpt}
        </p>
      ) : null}
      {text?.body ? (
        <RichTextReading html={text.body} label={t(`admin.contentEditor.field.${labels.body}`)} />
      ) : null}
      {text?.pickUpText ? (
        <p>
          <strong>{t('admin.contentEditor.field.pickUpText')}:</strong> {text.pickUpText}
        </p>
      ) : null}
    </section>
  )
}

/**
 * One language's text: title, summary, body (and a product's pick-up text), and what search
 * engines and social cards show.
 */
function LanguageFields({
  kind,
  locale,
  bookPath,
  media,
  products,
  address,
}: {
  kind: ContentKind
  locale: Locale
  bookPath: string
  media: readonly MediaItem[]
  /** The studio's products, for a collection's usual image. */
  products: readonly ContentItem[]
  address: string
}) {
  const { t } = useTranslation()
  const labels = labelsOf(kind)
  const field = (name: string) => `translations.${locale}.${name}`
  const language = LOCALE_NAMES[locale]
  const label = (name: string) =>
    t('admin.contentEditor.inLanguage', { field: t(`admin.contentEditor.field.${name}`), language })
  return (
    <div lang={locale} className="admin-languages__written">
      <TextField
        name={field('title')}
        label={label(labels.title)}
        required={locale === DEFAULT_LOCALE}
      />
      {kind === 'authors' ? null : (
        <TextAreaField name={field('excerpt')} label={label('excerpt')} />
      )}
      <RichTextField
        name={field('body')}
        label={label(labels.body)}
        bookPath={bookPath}
        media={media}
        locale={locale}
      />
      {kind === 'products' ? (
        <TextAreaField
          name={field('pickUpText')}
          label={label('pickUpText')}
          help={t('admin.contentEditor.pickUpHelp')}
          maxLength={MAX_PICK_UP_TEXT_LENGTH}
        />
      ) : null}
      {kind === 'authors' || kind === 'categories' || kind === 'tags' ? null : (
        <fieldset className="admin-service-form__group">
          <legend>{t('admin.contentEditor.search', { language })}</legend>
          <TextField name={field('seoTitle')} label={label('seoTitle')} />
          <TextAreaField name={field('seoDescription')} label={label('seoDescription')} />
          <TextField
            name={field('canonicalPath')}
            label={label('canonicalPath')}
            autoComplete="off"
            help={t('admin.contentEditor.canonicalHelp')}
          />
          <MediaField
            name={field('socialImage')}
            legend={label('socialImage')}
            media={media}
            locale={locale}
            blank={t('admin.contentEditor.socialImageUsual')}
          />
          <div className="admin-seo-previews">
            <SearchPreview locale={locale} address={address} />
            <SocialPreview kind={kind} locale={locale} media={media} products={products} />
          </div>
        </fieldset>
      )}
    </div>
  )
}

/**
 * How a search engine lists the item in this language: the search title (else the title), the
 * address, the search description (else the summary), cut where search engines cut them.
 */
function SearchPreview({ locale, address }: { locale: Locale; address: string }) {
  const { t } = useTranslation()
  const { value } = useField<TranslationValues | undefined>(`translations.${locale}`, {
    subscription: { value: true },
  }).input
  const { title, description } = previewTextOf(value)
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <figure className="admin-search-preview" aria-label={t('admin.contentEditor.searchPreview')}>
      <figcaption>{t('admin.contentEditor.searchPreview')}</figcaption>
      <p className="admin-search-preview__url">{address ? `${origin}${address}` : ''}</p>
      <p className="admin-search-preview__title">
        {cut(title, 60) || t('admin.contentEditor.noTitle')}
      </p>
      <p className="admin-search-preview__description">{cut(description, 160)}</p>
    </figure>
  )
}

/**
 * The card a link to the item's page in this language shows on social media: its image (the
 * language's, else the item's usual one, else none), the site's domain, its title and description.
 */
function SocialPreview({
  kind,
  locale,
  media,
  products,
}: {
  kind: ContentKind
  locale: Locale
  media: readonly MediaItem[]
  products: readonly ContentItem[]
}) {
  const { t } = useTranslation()
  const { values } = useFormState<ItemValues>({ subscription: { values: true } })
  const domain = typeof window === 'undefined' ? '' : window.location.hostname
  const card = socialCardOf(kind, values, locale, domain, products)
  const image = media.find((each) => each.name === card.image)
  return (
    <figure className="admin-social-preview" aria-label={t('admin.contentEditor.socialPreview')}>
      <figcaption>{t('admin.contentEditor.socialPreview')}</figcaption>
      <div className="admin-social-preview__card">
        {image ? <img src={image.path} alt="" className="admin-social-preview__image" /> : null}
        <p className="admin-social-preview__domain">{card.domain}</p>
        <p className="admin-social-preview__title">
          {card.title || t('admin.contentEditor.noTitle')}
        </p>
        <p className="admin-social-preview__description">{card.description}</p>
      </div>
    </figure>
  )
}
