import { launchBrowser } from '../e2e/browser'
import { BOOKING_JOURNEY, walkBookingJourney } from '../e2e/first-load'
import { startServer, stopServer } from '../e2e/server-process'

/**
 * Prints the JavaScript each step of the booking journey fetches in a cold Chromium visit (the
 * demo's consultation: load, staff, time, details to the confirmation), gzipped, against the
 * budgets of issue 33: each step after the first load and the whole journey. Starts the product
 * as the journeys do (building the site into their folder when its sources changed), or measures
 * `--base URL`. Usage: npm run bench:widget-journey-bytes [-- --base URL --list]
 */
async function main() {
  const baseIndex = process.argv.indexOf('--base')
  const given = baseIndex > 0 ? process.argv[baseIndex + 1] : undefined
  const server = given ? undefined : await startServer()
  const base = given ?? (server as { baseUrl: string }).baseUrl
  const browser = await launchBrowser().catch(async (error: unknown) => {
    if (server) await stopServer(server)
    throw error
  })
  try {
    const steps = await walkBookingJourney(browser, base, `bench-${Date.now()}@example.com`)
    for (const { step, load } of steps) {
      const budget =
        step === 'load'
          ? ''
          : ` (${(load.gzip / BOOKING_JOURNEY.stepBudget).toFixed(2)}x of the step budget ${BOOKING_JOURNEY.stepBudget})`
      console.log(
        `${step.padEnd(8)} ${String(load.scripts.length).padStart(2)} scripts ${(load.raw / 1024).toFixed(1).padStart(6)} KiB raw ${(load.gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${load.gzip} bytes)${budget}`,
      )
      if (process.argv.includes('--list')) {
        for (const script of load.scripts.sort((a, b) => b.gzip - a.gzip)) {
          console.log(`    ${String(script.gzip).padStart(7)} ${new URL(script.url).pathname}`)
        }
      }
    }
    const total = steps.reduce((sum, { load }) => sum + load.gzip, 0)
    const after = total - (steps[0]?.load.gzip ?? 0)
    console.log(
      `journey  ${(total / 1024).toFixed(1).padStart(6)} KiB gzip (${total} bytes; ${(total / BOOKING_JOURNEY.journeyBudget).toFixed(2)}x of the budget ${BOOKING_JOURNEY.journeyBudget}), ${after} bytes after the first load`,
    )
  } finally {
    await browser.close()
    if (server) await stopServer(server)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
