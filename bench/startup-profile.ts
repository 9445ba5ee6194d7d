import type { Browser, CDPSession } from 'puppeteer-core'
import { launchBrowser } from '../e2e/browser'
import { exitOnError, withProductAt } from './browser-bench'
import { argValues, median } from './server-process'

/**
 * What a page's scripts do while it loads and hydrates, beside another site's page in the same
 * run (say, gatsby-starter-blog's home): Chromium's own main-thread accounting (script and task
 * time), V8's sampling profiler (self time by script and by function) and, as evidence that does
 * not depend on how loaded the machine is, V8's precise coverage: how many functions of each script
 * ran and how many calls they took.
 *
 * Usage: tsx bench/startup-profile.ts [--runs 5] [--base URL] [--path /en/home/] [--compare URL ...]
 * [--top 25]. Without --base it starts the product as the journeys do. The last lines are
 * the ratios of ours over each --compare, within this run.
 */
const RUNS = Number(argValues('runs')[0] ?? 5)
const TOP = Number(argValues('top')[0] ?? 25)
/** After the network settles, long enough for requestIdleCallback work and the cookie banner. */
const SETTLE_MS = 1500

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}
interface ScriptCoverage {
  url: string
  functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[]
}

interface Sample {
  scriptMs: number
  taskMs: number
  /** Self time (ms) by script path, and by function ("name path:line:column"). */
  byScript: Map<string, number>
  byFunction: Map<string, number>
}

/** A page's medians (ms) and its call count. */
interface Totals {
  script: number
  task: number
  sampled: number
  calls: number
}

const scriptName = (url: string) => (url ? new URL(url).pathname : '(native)')

async function withPage<T>(
  browser: Browser,
  run: (client: CDPSession, open: () => Promise<void>) => Promise<T>,
  url: string,
): Promise<T> {
  const page = await browser.newPage()
  const client = await page.createCDPSession()
  try {
    return await run(client, async () => {
      await page.goto(url, { waitUntil: 'networkidle0' })
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    })
  } finally {
    await page.close()
  }
}

async function profile(browser: Browser, url: string): Promise<Sample> {
  return withPage(
    browser,
    async (client, open) => {
      await client.send('Performance.enable')
      await client.send('Profiler.enable')
      await client.send('Profiler.setSamplingInterval', { interval: 100 })
      await client.send('Profiler.start')
      await open()
      const { profile: result } = (await client.send('Profiler.stop')) as unknown as {
        profile: Profile
      }
      const { metrics } = await client.send('Performance.getMetrics')
      const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
      const nodes = new Map(result.nodes.map((node) => [node.id, node]))
      const byScript = new Map<string, number>()
      const byFunction = new Map<string, number>()
      result.samples.forEach((id, index) => {
        const frame = nodes.get(id)?.callFrame
        const ms = (result.timeDeltas[index + 1] ?? 0) / 1000
        if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return
        const script = frame.url ? scriptName(frame.url) : `(${frame.functionName || 'native'})`
        byScript.set(script, (byScript.get(script) ?? 0) + ms)
        const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
      })
      return {
        scriptMs: metric('ScriptDuration'),
        taskMs: metric('TaskDuration'),
        byScript,
        byFunction,
      }
    },
    url,
  )
}

/** Functions run and calls made, by script: the same on any machine for the same page. */
async function coverage(browser: Browser, url: string) {
  return withPage(
    browser,
    async (client, open) => {
      await client.send('Profiler.enable')
      await client.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
      await open()
      const { result } = (await client.send('Profiler.takePreciseCoverage')) as unknown as {
        result: ScriptCoverage[]
      }
      const byScript = new Map<string, { functions: number; calls: number }>()
      for (const script of result) {
        if (!script.url.startsWith('http')) continue
        const ran = script.functions
          .map((fn) => fn.ranges[0]?.count ?? 0)
          .filter((count) => count > 0)
        const entry = byScript.get(scriptName(script.url)) ?? { functions: 0, calls: 0 }
        entry.functions += ran.length
        entry.calls += ran.reduce((sum, count) => sum + count, 0)
        byScript.set(scriptName(script.url), entry)
      }
      return byScript
    },
    url,
  )
}

const sumOf = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0)

function medians(samples: Sample[], pick: (sample: Sample) => Map<string, number>) {
  const keys = new Set(samples.flatMap((sample) => [...pick(sample).keys()]))
  return [...keys]
    .map((key): [string, number] => [key, median(samples.map((s) => pick(s).get(key) ?? 0))])
    .sort((a, b) => b[1] - a[1])
}

async function main(base: string) {
  const targets = [`${base}${argValues('path')[0] ?? '/en/home/'}`, ...argValues('compare')]
  const samples = new Map<string, Sample[]>(targets.map((url) => [url, []]))
  // Pages alternate within each round, so a busy moment of the machine does not hit one page.
  for (let round = 0; round < RUNS; round++) {
    for (const url of targets) {
      const browser = await launchBrowser()
      try {
        samples.get(url)?.push(await profile(browser, url))
      } finally {
        await browser.close()
      }
    }
  }
  const summary = new Map<string, Totals>()
  for (const url of targets) {
    const list = samples.get(url) ?? []
    const browser = await launchBrowser()
    const covered = await coverage(browser, url).finally(() => browser.close())
    const calls = [...covered.values()].reduce((sum, entry) => sum + entry.calls, 0)
    const functions = [...covered.values()].reduce((sum, entry) => sum + entry.functions, 0)
    const row: Totals = {
      script: median(list.map((s) => s.scriptMs)),
      task: median(list.map((s) => s.taskMs)),
      sampled: median(list.map((s) => sumOf(s.byScript))),
      calls,
    }
    summary.set(url, row)
    console.log(`\n${url}  (${RUNS} cold loads, medians)`)
    console.log(
      `  script ${row.script.toFixed(0)} ms  tasks ${row.task.toFixed(0)} ms  sampled JS ${row.sampled.toFixed(0)} ms  functions run ${functions}  calls ${calls}`,
    )
    console.log('  self time by script (ms), functions run / calls:')
    for (const [script, ms] of medians(list, (s) => s.byScript).slice(0, 12)) {
      const c = covered.get(script)
      console.log(
        `    ${ms.toFixed(1).padStart(7)}  ${script}${c ? `  ${c.functions} fns / ${c.calls} calls` : ''}`,
      )
    }
    console.log(`  top ${TOP} functions by self time (ms):`)
    for (const [fn, ms] of medians(list, (s) => s.byFunction).slice(0, TOP)) {
      console.log(`    ${ms.toFixed(1).padStart(7)}  ${fn}`)
    }
  }
  const ours = summary.get(targets[0] as string)
  for (const url of targets.slice(1)) {
    const anchor = summary.get(url)
    if (!ours || !anchor) continue
    const ratio = (pick: (totals: Totals) => number) => (pick(ours) / pick(anchor)).toFixed(2)
    console.log(
      `\nours / ${url}: script ${ratio((r) => r.script)}×  tasks ${ratio((r) => r.task)}×  sampled JS ${ratio((r) => r.sampled)}×  calls ${ratio((r) => r.calls)}×`,
    )
  }
}

exitOnError(withProductAt(main))
