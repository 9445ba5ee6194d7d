/**
 * The groups of translation.json keys the site's content pages use (its pages, posts, listings,
 * products, collections, 404 and previews): a group names a key, its plural forms and every key
 * under it (`content` holds `content.readMore`). Those pages carry only these in their page data, so a
 * visitor does not download the widget's, the forms' and the validation messages with every page
 * (site-messages.test.ts fails when a component such a page renders asks for another key). The
 * widget, forms, manage and embed pages, and the dashboard, keep the whole file.
 */
export const SITE_MESSAGE_GROUPS = [
  'bookAppointment',
  'clinic',
  'content',
  'cookieBanner',
  // The expired-link screen a preview's error view may show.
  'error',
  'footer',
  'language',
  'notFound',
  'product',
  'siteName',
  'siteNavigation',
  'skipToContent',
  // The clinic's price list gives each service's duration as the widget does.
  'widget.minutes',
] as const

/** The i18next namespace of those messages; the plugin makes it the content pages' default. */
export const SITE_MESSAGES_NS = 'site'

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/

export function isSiteMessageKey(key: string): boolean {
  const base = key.replace(PLURAL_FORM, '')
  return SITE_MESSAGE_GROUPS.some((group) => base === group || key.startsWith(`${group}.`))
}

/** A language's site messages: its translation.json with only the site's groups, in order. */
export function siteMessagesOf(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isSiteMessageKey(key)))
}
