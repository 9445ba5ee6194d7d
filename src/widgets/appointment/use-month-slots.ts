import { useEffect, useRef, useState } from 'react'
import type { SlotsResponse } from '../../lib/booking/api-types'
import { partyKey, type Party } from '../../lib/booking/party'
import { emitToHost } from '../embed/host-messages'
import { fetchSlots } from './api'
import type { MonthInVisitorZone } from './state'

export type MonthSlots =
  | { status: 'loading' }
  | { status: 'ready'; response: SlotsResponse }
  /** The call's error as thrown (the API's refusal, or no answer at all). */
  | { status: 'failed'; error: unknown }

/** The instants between which the party can book at all, as the API last said. */
export interface BookableWindow {
  from: string
  until: string
}

/**
 * The month the host page was last told of: the step shown anew (remounted as the catalogue
 * arrives after the first month) loads it again but does not announce it twice.
 */
let announced: string | undefined

/**
 * The month's starts at which the whole party fits (one call: the server judges the party), and
 * the bookable window, kept while the next month loads so the calendar's ends do not flicker.
 */
export function useMonthSlots(
  party: Party,
  month: MonthInVisitorZone,
  timeZone: string,
): { slots: MonthSlots; window: BookableWindow | undefined } {
  const [state, setState] = useState<{ key: string; value: MonthSlots }>()
  const [window, setWindow] = useState<{ party: string; value: BookableWindow }>()
  // The party by value: an equal party chosen again finds the month it already has.
  const byValue = partyKey(party)
  const key = [byValue, month, timeZone].join('|')
  // The party is read when its value changes, not its identity: lines set again with the same
  // choices (the catalogue arriving after the first month) must not load the month twice, nor
  // tell the host page twice that it loaded.
  const latestParty = useRef(party)
  latestParty.current = party
  useEffect(() => {
    let current = true
    fetchSlots(latestParty.current, month, timeZone).then(
      (response) => {
        if (!current) return
        setState({ key, value: { status: 'ready', response } })
        if (announced !== key) {
          announced = key
          emitToHost({
            type: 'availability-loaded',
            month: response.month,
            serviceId: response.serviceId,
            days: Object.values(response.days).filter((slots) => slots.length > 0).length,
          })
        }
        const { bookableFrom: from, bookableUntil: until } = response
        setWindow({ party: byValue, value: { from, until } })
      },
      (error: unknown) => {
        if (current) setState({ key, value: { status: 'failed', error } })
      },
    )
    return () => {
      current = false
    }
  }, [key, byValue, month, timeZone])
  return {
    slots: state?.key === key ? state.value : { status: 'loading' },
    window: window?.party === byValue ? window.value : undefined,
  }
}
