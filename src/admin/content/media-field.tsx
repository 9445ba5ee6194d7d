import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useField } from 'react-final-form'
import type { MediaItem } from '../../lib/admin/content-types'
import { smallestMedia } from '../../lib/content/media-sizes'
import { DEFAULT_LOCALE, type Locale } from '../../lib/locale/locales'
import { FieldHelp, LabelledField, Options } from '../shell/fields'
import type { ImageValues } from './item-form'

/**
 * One image of the media library (a post's cover, an author's photo, a language's image when
 * shared, the site's logo), or none (`blank` says what that means), with its alt text here: the
 * library's in the field's language (else the default language's) when chosen, changed here as
 * this place needs. Where the image's text comes from elsewhere (the logo's is the site's name in each
 * language), `help` says so in place of the alt text's field.
 */
export function MediaField({
  name,
  legend,
  media,
  locale = DEFAULT_LOCALE,
  blank,
  help,
}: {
  name: string
  legend: string
  media: readonly MediaItem[]
  locale?: Locale
  blank?: string
  help?: string
}) {
  const { t } = useTranslation()
  const { input } = useField<ImageValues | undefined>(name, { subscription: { value: true } })
  const chosen = media.find((image) => image.name === input.value?.name)
  const id = `admin-field-${name}`
  return (
    <fieldset className="admin-choices">
      <legend>{legend}</legend>
      <LabelledField id={id} label={t('admin.richText.chooseImage')}>
        <select
          id={id}
          value={input.value?.name ?? ''}
          aria-describedby={help ? `${id}-help` : undefined}
          onChange={(event) => {
            const image = media.find((each) => each.name === event.target.value)
            input.onChange({
              name: event.target.value,
              alt: image?.alt[locale] ?? image?.alt[DEFAULT_LOCALE] ?? '',
            })
          }}
        >
          <option value="">{blank ?? t('admin.contentEditor.noImage')}</option>
          <Options choices={media.map((image) => [image.name, image.name])} />
          {input.value?.name && !chosen ? (
            <option value={input.value.name}>{input.value.name}</option>
          ) : null}
        </select>
        <FieldHelp id={`${id}-help`} help={help} />
      </LabelledField>
      {chosen ? (
        <img src={smallestMedia(chosen.path, chosen.width)} alt="" className="admin-media__thumb" />
      ) : null}
      {/* The alt text is part of the image's one value: a field of its own registered as the
          image is chosen would start from the form's first (empty) alt text. */}
      {input.value?.name && !help ? (
        <LabelledField id={`${id}-alt`} label={t('admin.richText.imageAlt')}>
          <input
            id={`${id}-alt`}
            value={input.value.alt}
            autoComplete="off"
            onChange={(event) => input.onChange({ ...input.value!, alt: event.target.value })}
          />
        </LabelledField>
      ) : null}
    </fieldset>
  )
}
