import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BUILD_STAMP_FILE, isSiteStale, siteInputsHash } from './site-build'

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
