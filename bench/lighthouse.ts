import type { Browser } from 'puppeteer-core'
import { launchBrowser } from '../e2e/browser'
import { exitOnError, withProductAt } from './browser-bench'
import { argValues, median } from './server-process'

/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone on a slow 4G link,
 * simulated) of the home page, a post and the widget route, with Debian's Chromium, several cold
 * runs each; prints the medians and what the largest contentful paint was.
 *
 * Usage: tsx bench/lighthouse.ts [--runs 3] [--base URL] [--compare URL ...] [--why]
 * Without --base it starts the product as the journeys do. Each --compare is a whole page URL
 * measured the same way in the same run (say, gatsby-starter-blog's home served elsewhere).
 */
const RUNS = Number(argValues('runs')[0] ?? 3)
const PAGES = [
  ['home', '/en/home/'],
  ['post', '/en/journal/b/runners-knee/'],
  ['widget', '/en/widget/bookings/consultation/'],
] as const

interface Run {
  score: number
  lcp: number
  fcp: number
  tbt: number
  cls: number
  speedIndex: number
  lcpElement: string
  /** What kept the main thread busy, for --why: the audits' own rows, largest first. */
  why: string[]
}

interface LighthouseAudit {
  numericValue?: number
  details?: {
    items?: {
      items?: { node?: { snippet?: string } }[]
      url?: string
      groupLabel?: string
      total?: number
      scripting?: number
      duration?: number
      startTime?: number
    }[]
  }
}

async function audit(browser: Browser, url: string): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse')
  const port = Number(new URL(browser.wsEndpoint()).port)
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const audits = result.lhr.audits as Record<string, LighthouseAudit>
  const value = (id: string) => audits[id]?.numericValue ?? NaN
  const element = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]
  return {
    score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    lcpElement: (element?.node?.snippet ?? '?').slice(0, 90),
    why: [
      ...(audits['mainthread-work-breakdown']?.details?.items ?? []).map(
        (item) => `main thread ${item.groupLabel}: ${item.duration?.toFixed(0)} ms`,
      ),
      ...(audits['bootup-time']?.details?.items ?? []).map(
        (item) =>
          `script ${item.url}: ${item.total?.toFixed(0)} ms (${item.scripting?.toFixed(0)} ms scripting)`,
      ),
      ...(audits['long-tasks']?.details?.items ?? []).map(
        (item) =>
          `long task ${item.url} at ${item.startTime?.toFixed(0)} ms: ${item.duration?.toFixed(0)} ms`,
      ),
    ],
  }
}

async function main(base: string) {
  const targets: [string, string][] = [
    ...PAGES.map(([name, path]): [string, string] => [name, `${base}${path}`]),
    ...argValues('compare').map((url): [string, string] => [`compare ${url}`, url]),
  ]
  const runs = new Map<string, Run[]>(targets.map(([name]) => [name, []]))
  // Pages alternate within each round, so a busy moment of the machine does not hit one page.
  for (let round = 0; round < RUNS; round++) {
    for (const [name, url] of targets) {
      const browser = await launchBrowser()
      try {
        runs.get(name)?.push(await audit(browser, url))
      } finally {
        await browser.close()
      }
    }
  }
  console.log(`Lighthouse ${RUNS} runs per page, mobile, medians:`)
  for (const [name, list] of runs) {
    const m = (pick: (run: Run) => number) => median(list.map(pick))
    console.log(
      `${name.padEnd(8)} score ${m((r) => r.score)} (${list.map((r) => r.score).join(', ')})  LCP ${(m((r) => r.lcp) / 1000).toFixed(2)} s  FCP ${(m((r) => r.fcp) / 1000).toFixed(2)} s  TBT ${m((r) => r.tbt).toFixed(0)} ms  CLS ${m((r) => r.cls).toFixed(3)}  SI ${(m((r) => r.speedIndex) / 1000).toFixed(2)} s`,
    )
    console.log(`         LCP element: ${list[list.length - 1]?.lcpElement}`)
    if (process.argv.includes('--why')) {
      for (const line of list[list.length - 1]?.why ?? []) console.log(`         ${line}`)
    }
  }
}

exitOnError(withProductAt(main))
