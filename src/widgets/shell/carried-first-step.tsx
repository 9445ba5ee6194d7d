import { useState } from 'react'
import type { FirstStep } from '../appointment/first-step'

/** The element of a built page's HTML that carries its first step (a data block, never run). */
const CARRIER_ID = 'widget-first-step'

/** A first step as the carrier's text: `<` escaped, so no text in it can end the element. */
const carrierText = (step: FirstStep) => JSON.stringify(step).replace(/</g, '\\u003c')

export interface CarriedFirstStep {
  step: FirstStep
  /** The carrier's text, rendered again as it is so that hydration finds it unchanged. */
  text: string
}

function readCarrier(): CarriedFirstStep | undefined {
  if (typeof document === 'undefined') return undefined
  const text = document.getElementById(CARRIER_ID)?.textContent
  if (!text) return undefined
  try {
    return { step: JSON.parse(text) as FirstStep, text }
  } catch {
    return undefined
  }
}

/**
 * The first step the page was built with. The server sends a first-step page at the widget's own
 * path (server/site/site-files.ts), where Gatsby's client renders the client-only widget page,
 * whose data has no provider: so the built page carries its first step in its HTML, and the
 * client reads it there on its first render (hydration), to render the same tree. `built`: the
 * first step from the page's data, at build.
 */
export function useCarriedFirstStep(built: FirstStep | undefined): CarriedFirstStep | undefined {
  const [carried] = useState(() =>
    built ? { step: built, text: carrierText(built) } : readCarrier(),
  )
  return carried
}

/** The carrier itself: a JSON data block, which the page's Content-Security-Policy lets be. */
export function FirstStepCarrier({ carried }: { carried: CarriedFirstStep }) {
  return (
    <script
      type="application/json"
      id={CARRIER_ID}
      dangerouslySetInnerHTML={{ __html: carried.text }}
    />
  )
}
