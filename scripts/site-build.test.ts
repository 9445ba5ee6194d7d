import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readBuildStamp } from '../server/site/build-stamp'
import { isRunning } from '../server/test-server-child'
import {
  BUILD_HEAP_MB,
  BUILD_STAMP_FILE,
  buildSite,
  buildSiteCopy,
  demoContentVersion,
  gatsbyBuildEnv,
  isSiteStale,
  siteInputsHash,
} from './site-build'

async function fixture() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'site-'))
  await fs.mkdir(path.join(root, 'src', 'pages'), { recursive: true })
  await fs.writeFile(path.join(root, 'src', 'pages', 'index.tsx'), 'export default 1')
  await fs.writeFile(path.join(root, 'gatsby-config.ts'), 'export default {}')
  return root
}

async function stampAsBuilt(root: string) {
  await fs.mkdir(path.join(root, 'public'), { recursive: true })
  await fs.writeFile(path.join(root, 'public', 'index.html'), '<html></html>')
  await fs.writeFile(path.join(root, 'public', BUILD_STAMP_FILE), await siteInputsHash(root))
}

describe('gatsbyBuildEnv', () => {
  it("limits each process's heap, after the caller's options, unless the caller set a limit", () => {
    expect(gatsbyBuildEnv({})).toMatchObject({
      NODE_OPTIONS: `--max-old-space-size=${BUILD_HEAP_MB}`,
      GATSBY_TELEMETRY_DISABLED: '1',
    })
    expect(gatsbyBuildEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      `--enable-source-maps --max-old-space-size=${BUILD_HEAP_MB}`,
    )
    expect(gatsbyBuildEnv({ NODE_OPTIONS: '--max-old-space-size=4096' }).NODE_OPTIONS).toBe(
      '--max-old-space-size=4096',
    )
    expect(gatsbyBuildEnv({}, false).NODE_OPTIONS).toBeUndefined()
  })
})

describe('a site too large for the heap limit', () => {
  /** A `gatsby build` that runs out of heap whenever the limit is set, as V8 reports it. */
  async function projectOutgrowingTheLimit(failure: string) {
    const root = await fixture()
    const bin = path.join(root, 'node_modules', '.bin')
    await fs.mkdir(bin, { recursive: true })
    await fs.writeFile(
      path.join(bin, 'gatsby'),
      [
        '#!/bin/sh',
        'echo "$NODE_OPTIONS" >> runs',
        'case "$NODE_OPTIONS" in *max-old-space-size*)',
        `  printf '%s\\n' "${failure}" >&2; exit 134;;`,
        'esac',
        'mkdir -p public && echo built > public/index.html',
        '',
      ].join('\n'),
      { mode: 0o755 },
    )
    const runs = async () =>
      (await fs.readFile(path.join(root, 'runs'), 'utf8')).split('\n').slice(0, -1)
    return { root, runs }
  }

  it('is built again without the limit, and the site is stamped as built', async () => {
    const { root, runs } = await projectOutgrowingTheLimit(
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    )
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)
    let warnings: unknown[] = []
    try {
      await buildSite(root, { NODE_OPTIONS: '' })
      warnings = warn.mock.calls.map(([message]) => message)
    } finally {
      stderr.mockRestore()
      warn.mockRestore()
    }
    expect(await runs()).toEqual([`--max-old-space-size=${BUILD_HEAP_MB}`, ''])
    expect(warnings).toEqual([
      `The site build ran out of its ${BUILD_HEAP_MB} MB of heap per process: building again without that limit.`,
    ])
    expect(await isSiteStale(root)).toBe(false)
    await fs.rm(root, { recursive: true })
  })

  it('fails once, without building again, for any other failure', async () => {
    const { root, runs } = await projectOutgrowingTheLimit('Error: a template does not compile')
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      await expect(buildSite(root, { NODE_OPTIONS: '' })).rejects.toThrow(
        'gatsby build exited with code 134',
      )
    } finally {
      stderr.mockRestore()
    }
    expect(await runs()).toHaveLength(1)
    await fs.rm(root, { recursive: true })
  })
})

describe('the build stamp', () => {
  it('records the SITE_URL the site was built for, beside the hash of its inputs', async () => {
    const root = await fixture()
    const bin = path.join(root, 'node_modules', '.bin')
    await fs.mkdir(bin, { recursive: true })
    await fs.writeFile(
      path.join(bin, 'gatsby'),
      '#!/bin/sh\nmkdir -p public && echo built > public/index.html\n',
      { mode: 0o755 },
    )
    await buildSite(root, { SITE_URL: 'https://clinic.example' }, 'v1')
    expect(await readBuildStamp(path.join(root, 'public'))).toEqual({
      inputsHash: await siteInputsHash(root, 'v1'),
      siteUrl: 'https://clinic.example',
    })
    expect(await isSiteStale(root, 'v1')).toBe(false)
    await fs.rm(root, { recursive: true })
  })
})

describe('site staleness', () => {
  it('is stale when the site was never built', async () => {
    const root = await fixture()
    expect(await isSiteStale(root)).toBe(true)
    await fs.rm(root, { recursive: true })
  })

  it('is fresh after a build, and stale again when a source file changes', async () => {
    const root = await fixture()
    await stampAsBuilt(root)
    expect(await isSiteStale(root)).toBe(false)
    await fs.writeFile(path.join(root, 'src', 'pages', 'index.tsx'), 'export default 2')
    expect(await isSiteStale(root)).toBe(true)
    await fs.rm(root, { recursive: true })
  })

  it('is stale when the published content changed', async () => {
    const root = await fixture()
    await fs.mkdir(path.join(root, 'public'), { recursive: true })
    await fs.writeFile(path.join(root, 'public', 'index.html'), '<html></html>')
    await fs.writeFile(
      path.join(root, 'public', BUILD_STAMP_FILE),
      await siteInputsHash(root, 'v1'),
    )
    expect(await isSiteStale(root, 'v1')).toBe(false)
    expect(await isSiteStale(root, 'v2')).toBe(true)
    await fs.rm(root, { recursive: true })
  })

  it('ignores tests and generated types', async () => {
    const root = await fixture()
    await stampAsBuilt(root)
    await fs.writeFile(path.join(root, 'src', 'pages', 'index.test.tsx'), 'test')
    await fs.writeFile(path.join(root, 'src', 'gatsby-types.d.ts'), 'declare namespace Queries {}')
    expect(await isSiteStale(root)).toBe(false)
    await fs.rm(root, { recursive: true })
  })
})

describe('the site built in a copy (the e2e run)', () => {
  /** A project whose `gatsby build` records each run and writes public/ where it is run. */
  async function projectWithFakeGatsby() {
    const root = await fixture()
    const bin = path.join(root, 'node_modules', '.bin')
    await fs.mkdir(bin, { recursive: true })
    await fs.writeFile(
      path.join(bin, 'gatsby'),
      '#!/bin/sh\nmkdir -p public && echo built > public/index.html && echo "$PWD" >> ../gatsby-runs\n',
      { mode: 0o755 },
    )
    const copy = path.join(root, 'copy')
    return { root, copy, runs: () => fs.readFile(path.join(root, 'gatsby-runs'), 'utf8') }
  }

  it("builds in the copy, never in the project's public/, and only when the inputs changed", async () => {
    const { root, copy, runs } = await projectWithFakeGatsby()
    await fs.writeFile(path.join(root, 'src', 'pages', 'gone.tsx'), 'export default 0')
    await buildSiteCopy(root, copy, {}, 'v1')
    expect(await fs.readFile(path.join(copy, 'src', 'pages', 'gone.tsx'), 'utf8')).toBe(
      'export default 0',
    )
    expect(await isSiteStale(root, 'v1', path.join(copy, 'public'))).toBe(false)
    await expect(fs.stat(path.join(root, 'public'))).rejects.toThrow()

    await buildSiteCopy(root, copy, {}, 'v1')
    expect((await runs()).trim().split('\n')).toEqual([copy])

    // A page deleted from the sources must not be built from a leftover copy.
    await fs.rm(path.join(root, 'src', 'pages', 'gone.tsx'))
    await buildSiteCopy(root, copy, {}, 'v1')
    await expect(fs.stat(path.join(copy, 'src', 'pages', 'gone.tsx'))).rejects.toThrow()
    expect((await runs()).trim().split('\n')).toHaveLength(2)
    await fs.rm(root, { recursive: true })
  })

  it('builds a whole site again, without its cache, when only a stylesheet changed', async () => {
    const { root, copy } = await projectWithFakeGatsby()
    await fs.writeFile(path.join(root, 'src', 'global.css'), 'a { color: red }')
    await buildSiteCopy(root, copy, {}, 'v1')
    // What Gatsby keeps between builds, which must survive a change of page code...
    const cached = path.join(copy, '.cache', 'kept')
    await fs.writeFile(cached, 'page state')
    await fs.writeFile(path.join(root, 'src', 'pages', 'index.tsx'), 'export default 2')
    await buildSiteCopy(root, copy, {}, 'v1')
    expect(await fs.readFile(cached, 'utf8')).toBe('page state')
    // ...and must go with a change of stylesheet, which every page inlines.
    await fs.writeFile(path.join(root, 'src', 'global.css'), 'a { color: blue }')
    await buildSiteCopy(root, copy, {}, 'v1')
    await expect(fs.stat(cached)).rejects.toThrow()
    await fs.rm(root, { recursive: true })
  })

  it('names the demo content by its files, which change it', async () => {
    const root = await fixture()
    await fs.mkdir(path.join(root, 'content', 'site'), { recursive: true })
    await fs.writeFile(path.join(root, 'content', 'site', 'pages.json'), '[]')
    const before = await demoContentVersion(root)
    expect(await demoContentVersion(root)).toBe(before)
    await fs.writeFile(path.join(root, 'content', 'site', 'pages.json'), '[{}]')
    expect(await demoContentVersion(root)).not.toBe(before)
    await fs.rm(root, { recursive: true })
  })
})

describe('stopping a site build', () => {
  it('stops gatsby and every process it started, and rejects with the reason', async () => {
    // A stand-in for gatsby that starts a worker of its own, as gatsby build does.
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'site-'))
    const bin = path.join(root, 'node_modules', '.bin')
    await fs.mkdir(bin, { recursive: true })
    await fs.writeFile(
      path.join(bin, 'gatsby'),
      '#!/bin/sh\nsleep 300 &\necho "$$ $!" > pids.partial\nmv pids.partial pids\nwait\n',
      { mode: 0o755 },
    )
    const stopping = new AbortController()
    const build = buildSite(root, {}, '', { signal: stopping.signal })
    const pidsFile = path.join(root, 'pids')
    let pids: number[] = []
    for (let waited = 0; pids.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const text = await fs.readFile(pidsFile, 'utf8').catch(() => '')
      pids = text.trim() ? text.trim().split(' ').map(Number) : []
    }
    expect(pids).toHaveLength(2)
    expect(pids.every(isRunning)).toBe(true)
    stopping.abort(new Error('SIGTERM'))
    await expect(build).rejects.toThrow('SIGTERM')
    for (let waited = 0; pids.some(isRunning) && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(pids.filter(isRunning)).toEqual([])
    await fs.rm(root, { recursive: true })
  })
})
