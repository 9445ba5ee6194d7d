import { useEffect, useState } from 'react'
import type { PublicService, SlotView } from '../../lib/booking/api-types'
import { isHttpError } from '../../lib/http'
import { fetchSlots } from './api'
import type { MonthInVisitorZone } from './state'

export type MonthSlots =
  | { status: 'loading' }
  | { status: 'ready'; days: Record<string, SlotView[]>; nextAvailable: SlotView | null }
  | { status: 'failed'; message: string }

/** Starts free for every chosen service (a booking's lines all begin together). */
function intersect(responses: { days: Record<string, SlotView[]> }[]): Record<string, SlotView[]> {
  const [first, ...rest] = responses
  if (!first) return {}
  const days: Record<string, SlotView[]> = {}
  for (const [day, slots] of Object.entries(first.days)) {
    const common = slots.filter((slot) =>
      rest.every((other) => other.days[day]?.some((s) => s.start === slot.start)),
    )
    if (common.length) days[day] = common
  }
  return days
}

export function useMonthSlots(
  services: PublicService[],
  month: MonthInVisitorZone,
  timeZone: string,
  staffId: number | undefined,
): MonthSlots {
  const [state, setState] = useState<{ key: string; value: MonthSlots }>()
  const key = [services.map((s) => s.id).join(','), month, timeZone, staffId].join('|')
  useEffect(() => {
    let current = true
    Promise.all(services.map((service) => fetchSlots(service.id, month, timeZone, staffId)))
      .then((responses) => {
        if (!current) return
        const days = intersect(responses)
        const nextAvailable = Object.keys(days).length
          ? null
          : (responses[0]?.nextAvailable ?? null)
        setState({ key, value: { status: 'ready', days, nextAvailable } })
      })
      .catch((error: unknown) => {
        if (!current) return
        const message = isHttpError(error) ? error.statusMessage : String(error)
        setState({ key, value: { status: 'failed', message } })
      })
    return () => {
      current = false
    }
  }, [key, services, month, timeZone, staffId])
  return state?.key === key ? state.value : { status: 'loading' }
}
