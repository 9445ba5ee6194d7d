import type { ContentImage } from '../../lib/content/types'

/** What the server takes (server/content/admin-routes.ts): these types, up to 8 MB. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024

/** Why a file cannot be uploaded (an `admin.*` key), or undefined when it can. */
export function uploadRefusal(file: { type: string; size: number }): string | undefined {
  if (!MEDIA_TYPES[file.type]) return 'admin.media.badType'
  if (file.size > MAX_MEDIA_BYTES) return 'admin.media.tooBig'
  return undefined
}

/**
 * The library name a file is stored under: its own name in the letters a media name may hold
 * (`^[a-z0-9][a-z0-9._-]{0,119}$`), its extension the one of its type, and a number added when
 * the name is `taken` ("knee.jpg", then "knee-2.jpg").
 */
export function mediaNameFor(fileName: string, type: string, taken: ReadonlySet<string>): string {
  const extension = MEDIA_TYPES[type] ?? 'img'
  const stem =
    fileName
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'image'
  for (let number = 1; ; number++) {
    const name = `${number === 1 ? stem : `${stem}-${number}`}.${extension}`
    if (!taken.has(name)) return name
  }
}

/** The media name an image of an item is stored by: the last part of its address. */
export const mediaNameOf = (image: Pick<ContentImage, 'url'>): string =>
  decodeURIComponent(image.url.slice(image.url.lastIndexOf('/') + 1))

/** A stored size as people read it: "840 KB", "2.4 MB". */
export function sizeText(bytes: number, languageTag: string): string {
  const megabytes = bytes >= 1024 * 1024
  return new Intl.NumberFormat(languageTag, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(bytes / (megabytes ? 1024 * 1024 : 1024))
}
