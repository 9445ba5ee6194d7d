import type { BookingView } from '../../lib/booking/api-types'

/**
 * What an embedded widget tells the page that frames it (src/embed/embed.ts listens). Versioned,
 * so a host page loading an older embed script can tell a message it does not know; no personal
 * data, only ids, times and services, as the host page is another site.
 */
export const EMBED_PROTOCOL = 'harbor-embed'
export const EMBED_VERSION = 1

/** The query parameters the embed script gives the iframe: the host's origin and its widget id. */
export const HOST_PARAM = 'embedHost'
export const ID_PARAM = 'embedId'
/** Set by the embed script when the widget is in its popup dialog, which the widget may ask to close. */
export const POPUP_PARAM = 'embedPopup'

interface BookingFacts {
  bookingId: number
  start: string
  end: string
  status: BookingView['status']
  serviceIds: number[]
}

export type EmbedEvent =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'route-changed'; path: string }
  | { type: 'availability-loaded'; month: string; serviceId?: number; days: number }
  /** A booking that exists once confirmed or requested: made at once, or its hold paid. */
  | ({ type: 'booking-succeeded' } & BookingFacts)
  /** Seats held until `holdExpiresAt` while the visitor pays: not a booking yet. */
  | ({ type: 'booking-held'; holdExpiresAt: string | null } & BookingFacts)
  /** The hold ran out unpaid: the seats are free again and nothing was charged. */
  | { type: 'hold-expired'; bookingId: number }
  | ({ type: 'rescheduled' } & BookingFacts)
  | ({ type: 'cancelled' } & BookingFacts)
  | { type: 'payment-succeeded'; bookingId: number }
  | { type: 'payment-failed'; bookingId: number }
  | { type: 'link-failed'; statusCode: number }
  /** Escape pressed in a popup's widget: the host page, which hears no keys in the frame, closes it. */
  | { type: 'close-requested' }

export interface EmbedHost {
  origin: string
  id: string
}

interface HostWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  self: unknown
  location: { search: string; ancestorOrigins?: { length: number; [index: number]: string } }
  document: { referrer: string }
}

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text)
    return /^https?:$/.test(url.protocol) ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The page framing this widget, if it asked for messages: the origin it named in the URL, believed
 * only when the browser's own record of the parent (ancestorOrigins, or else the referrer, which
 * the host's referrer policy may blank) agrees, so a page cannot have another site's messages
 * sent to it. Frame-ancestors already keeps sites outside EMBED_ORIGINS from framing it at all.
 */
export function findEmbedHost(win: HostWindow): EmbedHost | undefined {
  if (!win.parent || win.parent === win.self) return undefined
  const params = new URLSearchParams(win.location.search)
  const origin = originOf(params.get(HOST_PARAM) ?? '')
  if (!origin) return undefined
  const ancestors = win.location.ancestorOrigins
  const parentOrigin =
    ancestors && ancestors.length > 0 ? ancestors[0] : originOf(win.document.referrer)
  if (parentOrigin !== origin) return undefined
  return { origin, id: params.get(ID_PARAM) ?? '' }
}

let host: EmbedHost | undefined | null = null

/** The page framing this widget and listening to it, if any. */
export function embedHost(): EmbedHost | undefined {
  // Once per page: the URL the widget was framed with does not change its host.
  if (host === null) host = typeof window === 'undefined' ? undefined : findEmbedHost(window)
  return host
}

/** Tells the framing page (and only it, by origin) what happened; nothing when not embedded. */
export function emitToHost(event: EmbedEvent): void {
  const target = embedHost()
  if (!target) return
  window.parent.postMessage(
    { protocol: EMBED_PROTOCOL, version: EMBED_VERSION, id: target.id, ...event },
    target.origin,
  )
}

/** For tests: forget the host found, as a new page would. */
export function resetEmbedHost(): void {
  host = null
}

/** The facts of a booking a host page may know. */
export function bookingFacts(booking: BookingView): BookingFacts {
  return {
    bookingId: booking.id,
    start: booking.start,
    end: booking.end,
    status: booking.status,
    serviceIds: [...new Set(booking.lines.map((line) => line.serviceId))],
  }
}
