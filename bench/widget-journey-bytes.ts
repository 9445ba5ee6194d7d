import { BOOKING_JOURNEY, walkBookingJourney } from '../e2e/first-load'
import { exitOnError, listScripts, withBrowserAt } from './browser-bench'

/**
 * Prints the JavaScript each step of the booking journey fetches in a cold Chromium visit (the
 * demo's consultation: load, staff, time, details to the confirmation), gzipped, against the
 * budgets of issue 33: each step after the first load and the whole journey. Starts the product
 * as the journeys do (building the site into their folder when its sources changed), or measures
 * `--base URL`. Usage: npm run bench:widget-journey-bytes [-- --base URL --list]
 */
exitOnError(
  withBrowserAt(async (browser, base) => {
    const steps = await walkBookingJourney(browser, base, `bench-${Date.now()}@example.com`)
    for (const { step, load } of steps) {
      const budget =
        step === 'load'
          ? ''
          : ` (${(load.gzip / BOOKING_JOURNEY.stepBudget).toFixed(2)}x of the step budget ${BOOKING_JOURNEY.stepBudget})`
      console.log(
        `${step.padEnd(8)} ${String(load.scripts.length).padStart(2)} scripts ${(load.raw / 1024).toFixed(1).padStart(6)} KiB raw ${(load.gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${load.gzip} bytes)${budget}`,
      )
      listScripts(load)
    }
    const total = steps.reduce((sum, { load }) => sum + load.gzip, 0)
    const after = total - (steps[0]?.load.gzip ?? 0)
    console.log(
      `journey  ${(total / 1024).toFixed(1).padStart(6)} KiB gzip (${total} bytes; ${(total / BOOKING_JOURNEY.journeyBudget).toFixed(2)}x of the budget ${BOOKING_JOURNEY.journeyBudget}), ${after} bytes after the first load`,
    )
  }),
)
