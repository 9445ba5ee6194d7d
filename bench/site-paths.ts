import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { E2E_SERVED_SITE, startServer as startProduct, stopServer } from '../e2e/server-process'
import { PAGE_ALIASES_FILE, type PageAliases } from '../server/site/page-aliases'
import {
  argValues,
  drive,
  type Driven,
  median,
  percentile,
  request,
  startServer,
} from './server-process'

/**
 * A built post page against the same post at one of its other paths (an alias, answered with the
 * built page rewritten to claim it: server/site/site-files.ts), their page data, and the site
 * root's redirect, over HTTP: one server process serving a built site, the client here with
 * keep-alive connections and a browser's Accept and Accept-Encoding. Prints requests/s and
 * latency of each, and the alias's ratio to the built page measured in the same process.
 *
 * Usage: tsx bench/site-paths.ts [--site DIR] [--root DIR ...] [--post PATH] [--seconds 4]
 * [--concurrency 8] [--rounds 3] [--target NAME ...]
 * Without --site it serves the journeys' build (e2e/server-process.ts), building it first when its
 * sources changed. Each --root is another checkout (say, an export of an older commit) serving
 * the same build, measured alternately with this one, so the ratios hold on a noisy machine. Each
 * --target measures only that one (say, `--target 'alias page'` under BENCH_CPU_PROF=dir).
 */
const SECONDS = Number(argValues('seconds')[0] ?? 4)
const CONCURRENCY = Number(argValues('concurrency')[0] ?? 8)
const ROUNDS = Number(argValues('rounds')[0] ?? 3)
const POST = argValues('post')[0] ?? '/en/journal/b/runners-knee/'
const roots = [
  path.resolve(__dirname, '..'),
  ...argValues('root').map((root) => path.resolve(root)),
]

const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
}
const DATA_HEADERS = { ...PAGE_HEADERS, accept: '*/*' }

interface Target {
  name: string
  url: string
  headers: Record<string, string>
  status: number
}

const pageData = (pagePath: string) => `/page-data${pagePath}page-data.json`

/** The post's other path the bench measures: its /b/ path when it has one. */
function aliasOf(publicDir: string, post: string): string {
  const aliases = JSON.parse(
    fs.readFileSync(path.join(publicDir, PAGE_ALIASES_FILE), 'utf8'),
  ) as PageAliases
  const paths = Object.keys(aliases).filter((alias) => aliases[alias] === post)
  const alias = paths.find((candidate) => candidate.split('/')[2] === 'b') ?? paths[0]
  if (!alias) throw new Error(`${post} has no other path in ${PAGE_ALIASES_FILE}`)
  return alias
}

function measure(base: string, target: Target): Promise<Driven> {
  const url = `${base}${target.url}`
  return drive({
    urls: () => url,
    seconds: SECONDS,
    concurrency: CONCURRENCY,
    warmUp: 50,
    status: target.status,
    headers: target.headers,
  })
}

/**
 * Fails unless the alias answers the built page claiming the alias: a bench of a fast wrong
 * answer would mean nothing.
 */
async function checkAnswers(base: string, post: string, alias: string) {
  const agent = new http.Agent({ keepAlive: true })
  try {
    const [built, aliased, builtData, aliasedData] = await Promise.all(
      [post, alias, pageData(post), pageData(alias)].map((url) =>
        request(agent, `${base}${url}`, { headers: PAGE_HEADERS }),
      ),
    )
    const claim = (html: string, pagePath: string) =>
      html.replace(/window\.pagePath="[^"]*"/, `window.pagePath=${JSON.stringify(pagePath)}`)
    if (aliased?.body.toString() !== claim(built?.body.toString() ?? '', alias)) {
      throw new Error(`${alias} does not answer ${post}'s page claiming ${alias}`)
    }
    const data = JSON.parse(builtData?.body.toString() ?? '{}') as object
    if (aliasedData?.body.toString() !== JSON.stringify({ ...data, path: alias })) {
      throw new Error(`${pageData(alias)} does not answer ${pageData(post)} claiming ${alias}`)
    }
  } finally {
    agent.destroy()
  }
}

/** The journeys' build, made first when its sources changed. */
async function journeysSite(): Promise<string> {
  const product = await startProduct()
  await stopServer(product)
  return E2E_SERVED_SITE
}

async function main() {
  const publicDir = argValues('site')[0] ?? (await journeysSite())
  const alias = aliasOf(publicDir, POST)
  const only = argValues('target')
  const targets = (<Target[]>[
    { name: 'built page', url: POST, headers: PAGE_HEADERS, status: 200 },
    { name: 'alias page', url: alias, headers: PAGE_HEADERS, status: 200 },
    { name: 'built page-data', url: pageData(POST), headers: DATA_HEADERS, status: 200 },
    { name: 'alias page-data', url: pageData(alias), headers: DATA_HEADERS, status: 200 },
    { name: 'root redirect', url: '/', headers: PAGE_HEADERS, status: 302 },
  ]).filter((target) => only.length === 0 || only.includes(target.name))
  const results = new Map(roots.map((root) => [root, new Map<string, Driven[]>()]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const root of roots) {
      const server = await startServer({ root, db: 'pglite', publicDir })
      try {
        await checkAnswers(server.base, POST, alias)
        for (const target of targets) {
          const runs = results.get(root)?.get(target.name) ?? []
          runs.push(await measure(server.base, target))
          results.get(root)?.set(target.name, runs)
        }
      } finally {
        await server.dispose()
      }
    }
  }
  console.log(
    `Site paths over HTTP (${POST} and ${alias}), ${CONCURRENCY} concurrent, ${SECONDS} s × ${ROUNDS} rounds, one server process per round`,
  )
  for (const [root, byTarget] of results) {
    console.log(path.basename(root))
    const rates = (name: string) =>
      (byTarget.get(name) ?? []).map((run) => run.requests / run.seconds)
    const rate = (name: string) => median(rates(name))
    // Per round, then the median: both of a round were measured by one process, seconds apart.
    const ratio = (name: string, anchor: string) =>
      median(rates(name).map((value, index) => value / (rates(anchor)[index] ?? NaN)))
    for (const [name, runs] of byTarget) {
      const perSecond = runs.map((run) => run.requests / run.seconds)
      const latencies = runs.flatMap((run) => run.latencies)
      console.log(
        `  ${name.padEnd(16)} ${rate(name).toFixed(0).padStart(6)} requests/s (rounds: ${perSecond.map((n) => n.toFixed(0)).join(', ')}), latency median ${median(latencies).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms, ${runs[0]?.bytes ?? 0} bytes on the wire`,
      )
    }
    for (const [name, anchor] of [
      ['alias page', 'built page'],
      ['alias page-data', 'built page-data'],
      ['root redirect', 'built page'],
    ] as const) {
      if (byTarget.has(name) && byTarget.has(anchor)) {
        console.log(`  ${name} / ${anchor}: ${ratio(name, anchor).toFixed(2)}×`)
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
