import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { projectRoot } from '../server/config'

/**
 * Publish-to-live, as an editor sees it (issue 31): `npm start`'s own server (scripts/start.ts,
 * which builds, releases and rebuilds the site it serves) in a copy of the site's sources
 * (SITE_BUILD_DIR, so the project's public/ and .cache stay as they are), the demo content and N
 * generated published posts (default 0: the demo site). It times the start's cold build, then
 * for each of three new posts the time from the "Publish" request's answer to the post's page
 * answering 200 on the live site (the rebuild queue's 3 s wait for more changes included), and
 * prints each and their median as a ratio to the cold build of the same run, with how many of the
 * site's HTML pages each publish's builds rendered again (Gatsby's incremental builds render
 * only the pages whose query results changed; its log says how many). Then the same for a
 * service's price changed, as the front desk changes one.
 * Usage: tsx bench/publish-to-live.ts [posts]
 */
const posts = Number(process.argv[2] ?? 0)
const TOKEN = 'bench-publish-admin-token-0123456789abcdef'
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
const MINUTE = 60_000

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

async function until(what: string, timeoutMs: number, ready: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`)
}

async function main() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-data-'))
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-site-'))
  const { PUBLIC_DIR: _served, ...inherited } = process.env
  const started = Date.now()
  const child = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: projectRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_BUILD_DIR: siteDir,
      SITE_URL: base,
      ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // Pages each build rendered, in the order the builds ran, read from Gatsby's log.
  const rendered: number[] = []
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const built = /Building static HTML for pages - [\d.]+s - (\d+)\//.exec(line)
    if (built) rendered.push(Number(built[1]))
    else if (line.includes('There are no new or changed html files to build')) rendered.push(0)
  })
  const htmlPages = (dir: string): number =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .reduce(
        (sum, entry) =>
          sum +
          (entry.isDirectory()
            ? htmlPages(path.join(dir, entry.name))
            : Number(entry.name.endsWith('.html'))),
        0,
      )
  const api = (url: string, init?: RequestInit) => fetch(`${base}/api${url}`, init)
  const siteState = async () =>
    ((await (await api('/admin/status', { headers })).json()) as { site: { state: string } }).site
      .state
  try {
    await until('the first build', 20 * MINUTE, async () => (await api('/health/ready')).ok)
    const coldBuild = (Date.now() - started) / 1000
    console.log(`start with its cold build of the demo site: ${coldBuild.toFixed(1)} s`)

    const { items: authors } = (await (await api('/content/authors')).json()) as {
      items: { id: string }[]
    }
    const newPost = async (slug: string, status: 'draft' | 'published') => {
      const response = await api('/admin/content/posts', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          slug,
          status,
          authorId: authors[0]!.id,
          translations: [{ locale: 'en', title: slug, body: '<p>Generated.</p>' }],
        }),
      })
      if (response.status !== 201) throw new Error(`${slug}: ${await response.text()}`)
      return ((await response.json()) as { id: string }).id
    }
    if (posts > 0) {
      const queue = Array.from({ length: posts }, (_, i) => i)
      const worker = async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          await newPost(`bench-post-${i}`, 'published')
        }
      }
      const creating = Date.now()
      await Promise.all(Array.from({ length: 8 }, worker))
      await until('the site to take the posts in', 30 * MINUTE, async () => {
        return (await siteState()) === 'current'
      })
      console.log(
        `${posts} posts created and built into the site: ${((Date.now() - creating) / 1000).toFixed(1)} s`,
      )
    }

    const { items: pages } = (await (await api('/content/pages')).json()) as {
      items: { path: string; hostsBlog: boolean }[]
    }
    const blog = pages.find((page) => page.hostsBlog)?.path ?? 'blog'
    const times: number[] = []
    for (const run of [1, 2, 3]) {
      const slug = `bench-live-${run}-${Date.now().toString(36)}`
      const id = await newPost(slug, 'draft')
      await until('the draft to settle', 10 * MINUTE, async () => (await siteState()) === 'current')
      const published = await api(`/admin/content/posts/${id}/publish`, {
        method: 'POST',
        headers,
        body: '{}',
      })
      if (!published.ok) throw new Error(`publish: ${await published.text()}`)
      const buildsBefore = rendered.length
      const publishedAt = Date.now()
      await until('the post on the live site', 30 * MINUTE, async () => {
        return (await fetch(`${base}/en/${blog}/b/${slug}/`)).status === 200
      })
      const seconds = (Date.now() - publishedAt) / 1000
      times.push(seconds)
      const pagesAgain = rendered.slice(buildsBefore).reduce((sum, count) => sum + count, 0)
      const live = fs.realpathSync(path.join(siteDir, '.site', 'live'))
      console.log(
        `publish to live #${run}: ${seconds.toFixed(1)} s; ${pagesAgain} of ${htmlPages(live)} HTML pages rendered again`,
      )
    }
    const median = [...times].sort((a, b) => a - b)[1]!
    console.log(
      `posts: ${posts}; publish to live, median of 3: ${median.toFixed(1)} s ` +
        `(${(median / coldBuild).toFixed(2)}× the start's cold build of ${coldBuild.toFixed(1)} s)`,
    )

    // The front desk's change the site follows too: a service's price, from the dashboard's
    // save to the site's rebuild being live.
    const [service] = (await (await api('/admin/services', { headers })).json()) as {
      id: number
      priceCents: number
    }[]
    const buildsBefore = rendered.length
    const changedAt = Date.now()
    const changed = await api(`/admin/services/${service!.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ priceCents: service!.priceCents + 100 }),
    })
    if (!changed.ok) throw new Error(`price: ${await changed.text()}`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await until('the price on the live site', 30 * MINUTE, async () => {
      return (await siteState()) === 'current'
    })
    const pagesAgain = rendered.slice(buildsBefore).reduce((sum, count) => sum + count, 0)
    const live = fs.realpathSync(path.join(siteDir, '.site', 'live'))
    console.log(
      `a price changed to live: ${((Date.now() - changedAt) / 1000).toFixed(1)} s; ` +
        `${pagesAgain} of ${htmlPages(live)} HTML pages rendered again`,
    )
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(siteDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
