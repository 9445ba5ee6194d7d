import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { readConfig } from '../server/config'

/**
 * The CSV export of a form's responses (issue 18): stores RESPONSES responses to the demo survey
 * in a fresh embedded database, then downloads `GET /api/admin/forms/:id/responses.csv` over
 * HTTP, reading the body as it streams and throwing each chunk away, and prints the bytes, the
 * time and how far the process's resident memory rose above where it stood before the download.
 *
 * Usage: tsx bench/forms-csv.ts [responses, default 100000]
 */
const RESPONSES = Number(process.argv[2] ?? 100_000)
const TOKEN = 'bench-admin-token-0123456789abcdef'

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'))
  const config = { ...readConfig(), dataDir, adminToken: TOKEN, port: 0, jobsPollMs: 0 }
  const app = await buildApp({ config, seedDemo: true, logger: false })
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 })
    const { rows } = await app.db.query<{ id: number }>(
      `SELECT id FROM forms WHERE slug = 'satisfaction'`,
    )
    const formId = rows[0]!.id
    await app.db.query(
      `INSERT INTO form_responses (form_id, version, answers, locale)
       SELECT $1, 1, jsonb_build_object('rating', 1 + n % 5, 'return', 'no',
                'improve', '=cmd|' || repeat('evening hours ', 1 + n % 4), 'nps', n % 11), 'en'
         FROM generate_series(1, $2) AS n`,
      [formId, RESPONSES],
    )
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const started = performance.now()
    const response = await fetch(`${address}/api/admin/forms/${formId}/responses.csv`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'identity' },
    })
    let bytes = 0
    let lines = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) lines++
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sample)
    console.log(
      `${RESPONSES} responses: ${lines} CSV lines, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ` +
        `${seconds.toFixed(1)} s; resident memory ${(before / 1024 / 1024).toFixed(0)} MiB before, ` +
        `peak ${(peak / 1024 / 1024).toFixed(0)} MiB (+${((peak - before) / 1024 / 1024).toFixed(0)} MiB)`,
    )
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
