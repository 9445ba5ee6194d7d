import type { Locale } from '../../../src/lib/locale/locales'
import type { BookingContext } from '../../booking/commands/context'
import { hashManageToken } from '../../booking/store/manage-token'
import { loadBooking, visitorLocale, withLinks } from '../../booking/views/booking-view'
import { extrasOf } from './booking-extras'
import { mailCalendar } from './calendar'
import { factsOf } from './facts'

/**
 * The calendar file a manage link downloads: the one the visitor's e-mail would carry now, so a
 * download and an e-mail update the same calendar entry and never undo each other. In `locale`
 * (the language the widget shows) or else the booking's own; the manage links only while the
 * booking's policy allows them, as `withLinks` offers them.
 */
export async function manageCalendar(
  ctx: BookingContext,
  token: string,
  locale?: Locale,
): Promise<{ bookingId: number; ics: string } | undefined> {
  // The version before the booking, as sendMessage reads them: a command in between leaves the
  // newer state under the older SEQUENCE, which that command's own e-mail then replaces.
  const extras = await extrasOf(ctx.db, { tokenHash: hashManageToken(token) })
  const loaded = extras && (await loadBooking(ctx.db, { id: extras.id }, ctx.now()))
  if (!extras || !loaded) return undefined
  const { view, serviceSlug } = loaded
  const language = visitorLocale(loaded, locale)
  return {
    bookingId: view.id,
    ics: mailCalendar(view, {
      locale: language,
      facts: factsOf(view, language),
      sequence: extras.version,
      links: withLinks(view, serviceSlug, token, ctx.siteUrl, language).links,
    }),
  }
}
