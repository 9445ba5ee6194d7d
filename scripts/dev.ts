import { spawn } from 'node:child_process'
import path from 'node:path'
import { buildApp } from '../server/app'
import { projectRoot, readConfig } from '../server/config'

/**
 * `npm run dev`: the API on API_PORT (default 8001) and `gatsby develop` on PORT (default 8000),
 * which proxies /api to it, so the site and widget call the same paths as in production.
 */
async function main() {
  const config = readConfig()
  const apiPort = Number(process.env.API_PORT ?? 8001)
  const app = await buildApp({ config: { ...config, port: apiPort }, seedDemo: true })
  const apiAddress = await app.listen({ host: config.host, port: apiPort })
  const gatsby = spawn(
    path.join(projectRoot, 'node_modules', '.bin', 'gatsby'),
    ['develop', '--host', config.host, '--port', String(config.port)],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: '1',
        API_PROXY_URL: apiAddress,
        CONTENT_API_URL: `${apiAddress}/api`,
      },
    },
  )
  gatsby.on('exit', (code) => void app.close().then(() => process.exit(code ?? 0)))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
