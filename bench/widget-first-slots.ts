import { launchBrowser } from '../e2e/browser'
import { startServer, stopServer } from '../e2e/server-process'

/**
 * Time to first slots in the widget, in real Chromium against `npm start` with a fresh database:
 * from navigation to the staff step being usable, and from choosing "Any available staff" to the
 * month's availability on screen (the calendar's days with times marked). Usage: tsx bench/widget-first-slots.ts [runs, default 5]
 */
const runs = Number(process.argv[2] ?? 5)

async function main() {
  const server = await startServer()
  const browser = await launchBrowser()
  const url = `${server.baseUrl}/en/widget/bookings/consultation`
  const staffReady: number[] = []
  const slotsShown: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      const start = performance.now()
      await page.goto(url)
      const anyStaff = await page.waitForSelector(
        '::-p-aria([name="Any available staff"][role="button"])',
      )
      const ready = performance.now()
      await anyStaff!.click()
      await page.waitForSelector('.widget-slots[aria-busy="false"]')
      slotsShown.push(performance.now() - ready)
      staffReady.push(ready - start)
      await context.close()
    }
  } finally {
    await browser.close()
    await stopServer(server)
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
  console.log(`runs: ${runs} (cold browser cache each run)`)
  console.log(`navigation -> staff step:   median ${median(staffReady).toFixed(0)} ms`)
  console.log(`"Any available staff" -> slots: median ${median(slotsShown).toFixed(0)} ms`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
