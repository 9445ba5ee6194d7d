import { useEffect, useState } from 'react'

/**
 * Whether a held booking's hold has run out, turning true at `holdExpiresAt`: the payment step
 * then asks the server once more, so a widget still open learns (and tells its host page) that
 * the seats were given back, even when the visitor never opened the payment.
 */
export function useHoldEnded(holdExpiresAt: string | null, now: () => number = Date.now) {
  const [ended, setEnded] = useState(false)
  useEffect(() => {
    setEnded(false)
    if (!holdExpiresAt) return
    const timer = setTimeout(() => setEnded(true), Math.max(0, Date.parse(holdExpiresAt) - now()))
    return () => clearTimeout(timer)
  }, [holdExpiresAt, now])
  return ended
}
