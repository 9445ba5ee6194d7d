import type { Contact } from '../../lib/validation/booking-request'

/** The contact fields a page linking or embedding the widget may fill in ahead (`?email=…`). */
const PREFILLABLE = ['firstName', 'lastName', 'email', 'phone'] as const

/** The contact fields the URL fills in; the visitor can still change them, and the form checks. */
export function prefilledContact(search: string): Contact {
  const params = new URLSearchParams(search)
  const contact: Contact = {}
  for (const field of PREFILLABLE) {
    const value = params.get(field)?.trim()
    if (value) contact[field] = value.slice(0, 200)
  }
  return contact
}

/** A theme colour from the URL: a hex colour only, so a parameter cannot inject other CSS. */
export function themeColour(search: string): string | undefined {
  const value = new URLSearchParams(search).get('theme') ?? ''
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined
}
