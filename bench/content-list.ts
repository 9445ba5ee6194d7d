import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { buildApp } from '../server/app'
import { readConfig } from '../server/config'
import { CONTENT_PAGE_SIZE } from '../src/admin/content/content-api'

/**
 * The content screen's list of posts with POSTS generated posts (default 1,000) on top of the
 * demo content, in a fresh embedded database: the answer it read before it was paged (every
 * post, `GET /api/admin/content/posts`) and the one it reads now (its first page, `?limit=`),
 * each in bytes, gzipped (as a browser gets it) and in milliseconds (the best of three).
 *
 * Usage: tsx bench/content-list.ts [posts, default 1000]
 */
const POSTS = Number(process.argv[2] ?? 1000)
const TOKEN = 'bench-admin-token-0123456789abcdef'
const headers = { authorization: `Bearer ${TOKEN}` }

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-content-list-'))
  const config = { ...readConfig(), dataDir, adminToken: TOKEN, port: 0, jobsPollMs: 0 }
  const app = await buildApp({ config, seedDemo: true, logger: false })
  try {
    for (let i = 0; i < POSTS; i++) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/content/posts',
        headers,
        payload: {
          slug: `bench-post-${i}`,
          status: 'published',
          authorId: 'author-lena-vogel',
          categoryIds: ['cat-injury-recovery'],
          tagIds: ['tag-knee'],
          translations: [
            {
              locale: 'en',
              title: `Bench post ${i}`,
              excerpt: 'A generated post for the list benchmark.',
              body: '<p>Generated body.</p>'.repeat(5),
            },
          ],
        },
      })
      if (created.statusCode !== 201) throw new Error(`post ${i}: ${created.body}`)
    }
    for (const [name, query] of [
      ['every post (before)', ''],
      ['first page (now)', `?limit=${CONTENT_PAGE_SIZE}`],
    ] as const) {
      let best = Infinity
      let body = ''
      for (let run = 0; run < 3; run++) {
        const started = performance.now()
        const response = await app.inject({
          method: 'GET',
          url: `/api/admin/content/posts${query}`,
          headers,
        })
        best = Math.min(best, performance.now() - started)
        body = response.body
      }
      const { items } = JSON.parse(body) as { items: unknown[] }
      console.log(
        `${name}: ${items.length} posts, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB, ` +
          `${(zlib.gzipSync(body).length / 1024).toFixed(0)} KiB gzipped, ${best.toFixed(0)} ms`,
      )
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
