import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { projectRoot, readConfig } from '../server/config'
import { BUILD_STAMP_FILE, buildSite } from '../scripts/site-build'
import { PAGE_ALIASES_FILE } from '../server/site/page-aliases'

/**
 * Times a full `gatsby build` of the site with N generated posts (default 1,000) on top of the
 * demo content, in every locale, and prints pages generated per second (precompression included)
 * and the peak resident memory of the whole process tree (and of its largest processes). It
 * empties Gatsby's cache first, builds into the project's `public/` and leaves it unstamped, so
 * the next `npm start` rebuilds the demo site.
 * Usage: tsx bench/site-build.ts [posts]
 */
const posts = Number(process.argv[2] ?? 1000)
const adminToken = 'bench-admin-token-0123456789abcdef'

function countPages(dir: string): number {
  let count = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countPages(path.join(dir, entry.name))
    else if (entry.name === 'index.html') count++
  }
  return count
}

async function createPosts(api: string) {
  const categories = ['cat-injury-recovery', 'cat-everyday-movement', 'cat-sports']
  const tags = ['tag-knee', 'tag-back', 'tag-running', 'tag-desk-work']
  const queue = Array.from({ length: posts }, (_, i) => i)
  const worker = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const response = await fetch(`${api}/admin/content/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          slug: `bench-post-${i}`,
          status: 'published',
          publishedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
          authorId: i % 2 ? 'author-lena-vogel' : 'author-marco-rossi',
          categoryIds: [categories[i % 3]],
          tagIds: [tags[i % 4]],
          translations: [
            {
              locale: 'en',
              title: `Bench post ${i}`,
              excerpt: 'A generated post for the build benchmark.',
              body: '<p>Generated body.</p>'.repeat(5),
            },
          ],
        }),
      })
      if (response.status !== 201) throw new Error(`post ${i}: ${await response.text()}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}

/** A process's proportional set size: its resident pages, each shared one divided among its users. */
function pssOf(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

/**
 * The resident memory of this process and each of its descendants (Gatsby's workers, sharp), read
 * from /proc. The sum of their RSS counts each page they share (Node's code, Gatsby's LMDB store,
 * which every worker maps) once per process; the sum of their PSS counts it once, which is what
 * the machine must hold at once. Processes that end while it reads are skipped.
 */
function treeRss(): { total: number; pss: number; processes: Map<string, number> } {
  const parentOf = new Map<number, number>()
  const rssOf = new Map<number, number>()
  const nameOf = new Map<number, string>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: the fields start after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parentOf.set(Number(entry), Number(fields[1]))
      rssOf.set(Number(entry), Number(fields[21]) * 4096)
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      nameOf.set(
        Number(entry),
        args
          .slice(0, 3)
          .map((arg) => path.basename(arg))
          .join(' '),
      )
    } catch {
      continue
    }
  }
  let total = 0
  let pss = 0
  const processes = new Map<string, number>()
  for (const [pid, rss] of rssOf) {
    for (let at: number | undefined = pid; at; at = parentOf.get(at)) {
      if (at === process.pid) {
        total += rss
        pss += pssOf(pid)
        processes.set(
          `${pid} ${pid === process.pid ? 'this bench (API, PGlite)' : nameOf.get(pid)}`,
          rss,
        )
        break
      }
    }
  }
  return { total, pss, processes }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'))
  const config = { ...readConfig(), dataDir, adminToken, port: 0 }
  const app = await buildApp({ config, seedDemo: true, logger: false })
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 })
    const seeded = Date.now()
    await createPosts(`${address}/api`)
    console.log(`created ${posts} posts in ${((Date.now() - seeded) / 1000).toFixed(1)} s`)
    // A full build every run: Gatsby's cache would otherwise render only the pages that changed.
    for (const dir of ['.cache', 'public']) {
      fs.rmSync(path.join(projectRoot, dir), { recursive: true, force: true })
    }
    const started = Date.now()
    let peakRss = 0
    let peakPss = 0
    // Each process's own peak, and what the tree held at its peak, to show where the memory goes.
    const peakOf = new Map<string, number>()
    let atPeak = new Map<string, number>()
    let peakAt = 0
    const sample = () => {
      const { total, pss, processes } = treeRss()
      peakPss = Math.max(peakPss, pss)
      if (total > peakRss) {
        peakRss = total
        atPeak = processes
        peakAt = (Date.now() - started) / 1000
      }
      for (const [name, rss] of processes) peakOf.set(name, Math.max(peakOf.get(name) ?? 0, rss))
    }
    sample()
    const sampler = setInterval(sample, 500)
    try {
      await buildSite(projectRoot, { CONTENT_API_URL: `${address}/api` }, 'bench')
    } finally {
      clearInterval(sampler)
    }
    const seconds = (Date.now() - started) / 1000
    fs.rmSync(path.join(projectRoot, 'public', BUILD_STAMP_FILE), { force: true })
    const pages = countPages(path.join(projectRoot, 'public'))
    const aliases = Object.keys(
      JSON.parse(fs.readFileSync(path.join(projectRoot, 'public', PAGE_ALIASES_FILE), 'utf8')),
    ).length
    console.log(`posts: ${posts}, pages: ${pages}, build: ${seconds.toFixed(1)} s`)
    console.log(`pages generated per second: ${(pages / seconds).toFixed(1)}`)
    console.log(
      `pages served (with the ${aliases} other paths answered with them): ${pages + aliases}, ` +
        `${((pages + aliases) / seconds).toFixed(1)} per second of build`,
    )
    console.log(
      `peak memory of the process tree: ${(peakRss / 2 ** 30).toFixed(2)} GiB RSS summed, ` +
        `${(peakPss / 2 ** 30).toFixed(2)} GiB PSS summed (shared pages counted once)`,
    )
    const largest = [...peakOf].sort((a, b) => b[1] - a[1]).slice(0, 8)
    for (const [name, rss] of largest) {
      console.log(`  ${(rss / 2 ** 30).toFixed(2).padStart(5)} GiB peak  ${name}`)
    }
    console.log(`the tree at its peak, ${peakAt.toFixed(0)} s into the build:`)
    for (const [name, rss] of [...atPeak].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      console.log(`  ${(rss / 2 ** 30).toFixed(2).padStart(5)} GiB  ${name}`)
    }
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
