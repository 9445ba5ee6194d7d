import { FIRST_LOAD_PAGES, measureFirstLoad } from '../e2e/first-load'
import { exitOnError, listScripts, withBrowserAt } from './browser-bench'

/**
 * Prints the JavaScript a cold Chromium visit to each page fetches (every script, including the
 * chunks loaded after hydration), raw and gzipped, against its budget. Starts the product as the
 * journeys do (building the site into their folder when its sources changed), or measures
 * `--base URL` (say, after `npm run bench:site-build`). Usage: tsx bench/first-load-js.ts
 * [--base URL] [--list]
 */
exitOnError(
  withBrowserAt(async (browser, base) => {
    for (const { name, path, budget } of FIRST_LOAD_PAGES) {
      const load = await measureFirstLoad(browser, `${base}${path}`)
      console.log(
        `${name.padEnd(13)} ${path.padEnd(36)} ${String(load.scripts.length).padStart(2)} scripts ${(load.raw / 1024).toFixed(1).padStart(6)} KiB raw ${(load.gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${load.gzip} bytes; budget ${budget})`,
      )
      listScripts(load)
    }
  }),
)
