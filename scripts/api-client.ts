import fs from 'node:fs/promises'
import path from 'node:path'
import { DESCRIBED_TYPES, describeApi, typesOf, writeClient } from '../server/openapi/client'

/**
 * `npm run api:client [-- DIR]`: writes a typed TypeScript client of the API into DIR (default
 * `api-client/`) for an integrator to copy, and refreshes the types the dashboard and the widget
 * check theirs against (src/lib/api/openapi-types.ts). `--check`: writes nothing, and fails when
 * those types are not the description's (a test runs it).
 */
async function main() {
  const description = await describeApi()
  if (process.argv[2] === '--check') {
    const current = await fs.readFile(DESCRIBED_TYPES, 'utf8').catch(() => '')
    if (current !== (await typesOf(description))) {
      console.error(
        `${path.relative(process.cwd(), DESCRIBED_TYPES)} is not the API's description: run npm run api:client`,
      )
      process.exit(1)
    }
    return
  }
  const dir = path.resolve(process.argv[2] ?? 'api-client')
  const written = await writeClient(dir, description)
  await fs.writeFile(DESCRIBED_TYPES, await typesOf(description))
  for (const file of [...written, DESCRIBED_TYPES])
    console.log(`Wrote ${path.relative(process.cwd(), file)}`)
  console.log('The client needs openapi-fetch: npm install openapi-fetch')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
