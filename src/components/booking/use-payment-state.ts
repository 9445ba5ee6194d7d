import { useEffect, useState } from 'react'
import type { BookingView } from '../../lib/booking/api-types'
import { usePageLocale } from '../use-page-locale'
import { fetchPaymentState } from './payment-api'

const POLL_MS = 2000

/** Whether the payment still waits for a verdict from the provider. */
export const isAwaitingPayment = (booking: BookingView) =>
  booking.status === 'held' &&
  (booking.payment?.status === 'pending' || booking.payment?.status === 'failed')

/**
 * The booking as the server knows it, asked again every two seconds while `watch` is on and the
 * payment waits: the server confirms from the provider's webhook or its own retrieve, never from
 * the visitor's return, so this is how the page learns the verdict.
 */
export function usePaymentState(token: string | null, watch: boolean) {
  const locale = usePageLocale()
  const [booking, setBooking] = useState<BookingView>()
  const [failed, setFailed] = useState<unknown>()
  useEffect(() => {
    if (!token) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const { booking: latest } = await fetchPaymentState(token, locale)
        if (stopped) return
        setBooking(latest)
        setFailed(undefined)
        if (watch && isAwaitingPayment(latest)) timer = setTimeout(poll, POLL_MS)
      } catch (error) {
        if (stopped) return
        setFailed(error)
        if (watch) timer = setTimeout(poll, POLL_MS)
      }
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [token, watch, locale])
  return { booking, failed }
}
