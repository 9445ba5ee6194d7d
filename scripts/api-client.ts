import fs from 'node:fs/promises'
import path from 'node:path'
import { DESCRIBED_TYPES, describeApi, typesOf, writeClient } from '../server/openapi/client'

/**
 * `npm run api:client [-- DIR]`: writes a typed TypeScript client of the API into DIR (default
 * `api-client/`) for an integrator to copy, and refreshes the types the dashboard and the widget
 * check theirs against (src/lib/api/openapi-types.ts).
 */
async function main() {
  const dir = path.resolve(process.argv[2] ?? 'api-client')
  const description = await describeApi()
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
