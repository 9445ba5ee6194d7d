import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { projectRoot, readSettings } from '../server/config'
import { StartupError } from '../server/startup-error'

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)

/**
 * `npm run dev`: the API on API_PORT (default 8001), restarted by `tsx watch` whenever a file it
 * imports changes, and `gatsby develop` on PORT (default 8000), which forwards /api to it
 * (src/gatsby/dev-api-proxy.ts), so the site and widget call the same paths as in production.
 */
async function main() {
  const config = readSettings()
  const apiPort = Number(process.env.API_PORT ?? 8001)
  const apiAddress = `http://${config.host}:${apiPort}`
  const children: ChildProcess[] = []
  const stopAll = (code: number) => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
    process.exitCode = code
  }
  const start = (command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    })
    children.push(child)
    // One half without the other is no development server.
    child.on('exit', (code) => stopAll(code ?? 1))
    return child
  }
  process.on('SIGINT', () => stopAll(0))
  process.on('SIGTERM', () => stopAll(0))

  // Links the API makes (e-mails, calendar files) lead to the site being developed.
  start(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    PORT: String(apiPort),
    SITE_URL: config.siteUrl,
  })
  for (
    let waited = 0;
    !(await fetch(`${apiAddress}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 250
  ) {
    if (waited > 120_000)
      throw new StartupError(`The API did not start on ${apiAddress} within 2 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  start(bin('gatsby'), ['develop', '--host', config.host, '--port', String(config.port)], {
    GATSBY_TELEMETRY_DISABLED: '1',
    API_PROXY_URL: apiAddress,
    CONTENT_API_URL: `${apiAddress}/api`,
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
