import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BUILD_STAMP_FILE, formatBuildStamp, readBuildStamp } from '../server/site/build-stamp'
import { precompressDir } from './precompress'

export { BUILD_STAMP_FILE }

/** What the built site is made from: a change to any of these makes `public/` stale. */
const SITE_INPUTS = [
  'src',
  'locales',
  'static',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'package.json',
  'package-lock.json',
  'server/site/match-paths.ts',
  'server/site/page-aliases.ts',
]

// Tests and the types Gatsby generates during the build itself do not change the output.
const IGNORED = /(\.test\.tsx?$)|(gatsby-types\.d\.ts$)/

async function listFiles(root: string, relative: string): Promise<string[]> {
  const full = path.join(root, relative)
  const stat = await fs.stat(full).catch(() => undefined)
  if (!stat) return []
  if (stat.isFile()) return IGNORED.test(relative) ? [] : [relative]
  const entries = await fs.readdir(full)
  const nested = await Promise.all(
    entries.map((entry) => listFiles(root, path.join(relative, entry))),
  )
  return nested.flat()
}

/**
 * A content hash of every site input, so a fresh clone and an edited file are both caught; the
 * content API's version joins it, so an editor's publish is built too.
 */
export async function siteInputsHash(root: string, contentVersion = ''): Promise<string> {
  const hash = crypto.createHash('sha256').update(contentVersion).update('\0')
  const files = (await Promise.all(SITE_INPUTS.map((input) => listFiles(root, input)))).flat()
  for (const file of files.sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** Whether `publicDir` (the project's public/ unless given) was built from other inputs. */
export async function isSiteStale(
  root: string,
  contentVersion = '',
  publicDir = path.join(root, 'public'),
): Promise<boolean> {
  const stamp = await readBuildStamp(publicDir)
  const built = await fs.stat(path.join(publicDir, 'index.html')).catch(() => undefined)
  return !built || stamp?.inputsHash !== (await siteInputsHash(root, contentVersion))
}

/** Where Gatsby's cache records the stylesheets it was last built with. */
const STYLES_STAMP = path.join('.cache', 'styles-hash')

async function stylesHash(root: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for (const file of (await listFiles(root, 'src')).filter((f) => f.endsWith('.css')).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(root, file)))
  }
  return hash.digest('hex')
}

/**
 * Gatsby inlines the stylesheet into every page, yet its incremental build renders again only
 * the pages whose data or code changed: after an edit to the CSS alone, pages kept the old styles.
 * A change of stylesheet therefore empties the cache, and the next build is a whole one.
 */
async function forgetCacheIfStylesChanged(root: string): Promise<string> {
  const current = await stylesHash(root)
  const built = await fs.readFile(path.join(root, STYLES_STAMP), 'utf8').catch(() => undefined)
  if (built !== undefined && built !== current) {
    await fs.rm(path.join(root, '.cache'), { recursive: true, force: true })
  }
  return current
}

/**
 * The heap each process of `gatsby build` may use: what V8 itself gives a process on a machine
 * of 2 GiB. On a larger machine V8 lets each grow to a quarter of its memory and collects late, so
 * a site of 1,000 posts (18,783 pages, one query and HTML worker) peaked at 3.3 GiB for the
 * whole tree with Gatsby's main process holding 338 MB of live heap at most; within this limit
 * the same build peaks under 1.8 GiB and takes a few seconds longer.
 */
export const BUILD_HEAP_MB = 512

/**
 * How `gatsby build` runs unless the environment says otherwise: with BUILD_HEAP_MB for each of
 * its processes when `heapLimit` (a NODE_OPTIONS heap size of the caller's wins).
 */
export function gatsbyBuildEnv(env: NodeJS.ProcessEnv, heapLimit = true): NodeJS.ProcessEnv {
  const options = env.NODE_OPTIONS ?? ''
  const limited =
    heapLimit && !options.includes('--max-old-space-size')
      ? { NODE_OPTIONS: `${options} --max-old-space-size=${BUILD_HEAP_MB}`.trim() }
      : {}
  return { ...env, ...limited, GATSBY_TELEMETRY_DISABLED: '1' }
}

/** What V8 prints when a process of the build reached its heap limit. */
const OUT_OF_HEAP = /JavaScript heap out of memory/

/** A failed `gatsby build`, and whether a process of it ran out of heap. */
class GatsbyBuildError extends Error {
  constructor(
    code: number | null,
    readonly outOfHeap: boolean,
  ) {
    super(`gatsby build exited with code ${code}`)
  }
}

/**
 * One `gatsby build` in `root`. Its standard error (its workers' too, which share it) goes on to
 * this process's, read on the way for V8's message that a process ran out of heap.
 */
function runGatsbyBuild(root: string, env: NodeJS.ProcessEnv, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    // Gatsby starts worker processes of its own. In a process group of its own, one kill reaches
    // them all; stopping only `gatsby` would leave its workers building under PID 1.
    const child = spawn(path.join(root, 'node_modules', '.bin', 'gatsby'), ['build'], {
      cwd: root,
      stdio: ['inherit', 'inherit', 'pipe'],
      env,
      detached: true,
    })
    // The message may arrive in two chunks: the end of the last one is kept to read across.
    let tail = ''
    let outOfHeap = false
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk)
      const text = tail + chunk.toString('utf8')
      outOfHeap ||= OUT_OF_HEAP.test(text)
      tail = text.slice(-64)
    })
    const stopGroup = (how: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, how)
      } catch {
        // The group has already exited.
      }
    }
    const stop = () => stopGroup('SIGTERM')
    // A group of its own no longer gets the terminal's Ctrl-C, nor dies with this process: this
    // process stops it, and kills what is left of it when it exits, however it exits.
    const kill = () => stopGroup('SIGKILL')
    signal?.addEventListener('abort', stop)
    process.on('exit', kill)
    child.on('error', reject)
    // A failure's last words may still be on their way: they are waited for, briefly, as a
    // process of the group that outlives `gatsby` keeps the pipe open.
    const stderrRead = new Promise((done) => {
      child.stderr.on('end', done)
      child.on('exit', () => setTimeout(done, 1000).unref())
    })
    child.on('exit', (code) => {
      signal?.removeEventListener('abort', stop)
      process.removeListener('exit', kill)
      if (signal?.aborted) reject(signal.reason)
      else if (code === 0) resolve()
      else void stderrRead.then(() => reject(new GatsbyBuildError(code, outOfHeap)))
    })
  })
}

/**
 * Runs `gatsby build`, precompresses the result and stamps `public/` with the inputs it was built
 * from and the SITE_URL it was built for (server/site/build-stamp.ts). A site too large for BUILD_HEAP_MB is built again without the limit, which V8 then sets
 * from the machine's memory: a larger site costs memory and time, never its build. Aborting
 * `signal` stops the build, every process of it, and rejects with its reason.
 */
export async function buildSite(
  root: string,
  env: NodeJS.ProcessEnv = {},
  contentVersion = '',
  { signal }: { signal?: AbortSignal } = {},
): Promise<void> {
  const hash = await siteInputsHash(root, contentVersion)
  const styles = await forgetCacheIfStylesChanged(root)
  signal?.throwIfAborted()
  const buildEnv = { ...process.env, ...env }
  try {
    await runGatsbyBuild(root, gatsbyBuildEnv(buildEnv), signal)
  } catch (error) {
    if (!(error instanceof GatsbyBuildError && error.outOfHeap)) throw error
    console.warn(
      `The site build ran out of its ${BUILD_HEAP_MB} MB of heap per process: building again without that limit.`,
    )
    await runGatsbyBuild(root, gatsbyBuildEnv(buildEnv, false), signal)
  }
  await precompressDir(path.join(root, 'public'))
  await fs.mkdir(path.join(root, '.cache'), { recursive: true })
  await fs.writeFile(path.join(root, STYLES_STAMP), styles)
  await fs.writeFile(
    path.join(root, 'public', BUILD_STAMP_FILE),
    formatBuildStamp(hash, buildEnv.SITE_URL),
  )
}

/**
 * What a build of the site for `siteUrl`, from the content the API at `apiAddress` serves, is
 * stamped with: canonical links, the sitemap and robots.txt carry the site's address, so a new
 * address needs a new build, as new content does.
 */
export async function siteVersionAt(apiAddress: string, siteUrl: string): Promise<string> {
  const response = await fetch(`${apiAddress}/api/content/version`)
  if (!response.ok) throw new Error(`The content API answered ${response.status} for its version`)
  const { version } = (await response.json()) as { version: string }
  return siteVersion(version, siteUrl)
}

/** What a build of `contentVersion` for `siteUrl` is stamped with (see siteVersionAt). */
export function siteVersion(contentVersion: string, siteUrl: string): string {
  return `${contentVersion} ${siteUrl}`
}

/** Builds the site for `siteUrl` from the content the API at `apiAddress` serves. */
export async function buildSiteFrom(
  root: string,
  apiAddress: string,
  siteUrl: string,
  { signal, version }: { signal?: AbortSignal; version?: string } = {},
): Promise<void> {
  const env = { CONTENT_API_URL: `${apiAddress}/api`, SITE_URL: siteUrl }
  await buildSite(root, env, version ?? (await siteVersionAt(apiAddress, siteUrl)), { signal })
}

/**
 * The content version of a database that holds the demo content and nothing else (a fresh one,
 * as the e2e run's): the demo files themselves. A fresh database's own version cannot serve, as
 * it carries a random epoch, and would make every run build again.
 */
export async function demoContentVersion(root: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for (const file of (await listFiles(root, 'content')).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(root, file)))
  }
  return `demo-${hash.digest('hex')}`
}

/**
 * Builds the site in a copy of its inputs at `copyRoot`, so that the developer's public/ and
 * Gatsby's .cache/ stay as they are: Gatsby has no output option, it always writes public/ beside
 * its config. The result is `copyRoot/public`, stamped like public/; nothing is done when that
 * stamp already matches. node_modules is shared through a symbolic link.
 */
export async function buildSiteCopy(
  root: string,
  copyRoot: string,
  env: NodeJS.ProcessEnv = {},
  contentVersion = '',
  { signal }: { signal?: AbortSignal } = {},
): Promise<void> {
  if (!(await isSiteStale(root, contentVersion, path.join(copyRoot, 'public')))) return
  await fs.mkdir(copyRoot, { recursive: true })
  // Removed first, so a file deleted from the sources is gone from the copy too; timestamps are
  // kept, so Gatsby's cache in the copy still knows the files that did not change.
  for (const input of SITE_INPUTS) {
    await fs.rm(path.join(copyRoot, input), { recursive: true, force: true })
    if (await fs.stat(path.join(root, input)).catch(() => undefined)) {
      await fs.cp(path.join(root, input), path.join(copyRoot, input), {
        recursive: true,
        preserveTimestamps: true,
      })
    }
  }
  const modules = path.join(copyRoot, 'node_modules')
  if (!(await fs.lstat(modules).catch(() => undefined))) {
    await fs.symlink(path.join(root, 'node_modules'), modules, 'dir')
  }
  await buildSite(copyRoot, env, contentVersion, { signal })
}
