/**
 * Prices, publication dates and opening hours for the visitor, in their language: what content
 * pages show. What only booking screens show is in ./booking, so content pages do not load it.
 */
import { toMajorUnits } from '../booking/pricing'
import { dateTimeFormat, numberFormat } from './formatters'

/** An amount in the currency's minor units (cents, or yen for JPY), as the language writes it. */
export function formatPrice(amount: number, currency: string, languageTag: string): string {
  return numberFormat(languageTag, { style: 'currency', currency }).format(
    toMajorUnits(amount, currency),
  )
}

/** A weekday's full name, 0 = Sunday (opening hours). */
export function formatWeekday(day: number, languageTag: string): string {
  // 2030-03-03 is a Sunday.
  return dateTimeFormat(languageTag, { timeZone: 'UTC', weekday: 'long' }).format(
    new Date(Date.UTC(2030, 2, 3 + day, 12)),
  )
}

/** A time of day written "HH:mm" (opening hours), as the language writes times ("08:30" in German). */
export function formatClockTime(time: string, languageTag: string): string {
  return dateTimeFormat(languageTag, { timeZone: 'UTC', timeStyle: 'short' }).format(
    new Date(`2030-03-04T${time}:00Z`),
  )
}

/** A publication date for readers anywhere: the calendar day it was published in UTC. */
export function formatPublishDate(iso: string, languageTag: string): string {
  return dateTimeFormat(languageTag, { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(iso))
}
