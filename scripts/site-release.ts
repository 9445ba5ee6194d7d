import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BUILD_STAMP_FILE } from './site-build'

/*
 * `npm start` serves a released copy of public/, never public/ itself: Gatsby rewrites public/ in
 * place for seconds to minutes while it builds, and a visitor would get half-written pages and
 * chunks of two builds. A release is a full copy under `.site/releases/`; `.site/live` is a
 * symbolic link to the current one, replaced by a rename, which is atomic: every file is read
 * whole from either the old release or the new one. A page of the old build that asks for one
 * of its chunks after the switch gets a 404, and the chunk-reload guard (gatsby-browser) loads
 * the new page, as after any deploy.
 *
 * Any number of servers may release at once in one checkout (systemd starting clinic@8001 and
 * clinic@8002 together), so releasing takes no lock and relies on three rules instead:
 * - a release is named after its build's stamp, so processes releasing one build release into
 *   one folder. Each copies into a folder of its own and renames it into place: the first rename
 *   wins, the others find the release complete and drop their copy. Every process then points
 *   the live link at that same release.
 * - the live link is only ever replaced by a rename onto a complete release.
 * - pruning spares the live release, the one this process released, and any entry touched in the
 *   last RELEASE_KEEP_MS: another process's copy still being made, or a release another process
 *   is about to point the link at (a build finished between two starts; the later link wins,
 *   and both releases stay whole).
 * A lock would serialise the same steps, but a process killed while holding it leaves it behind,
 * and a process id cannot tell whether its holder is gone (containers reuse them).
 */
const SITE_DIR = '.site'
const RELEASES = 'releases'
const LIVE = 'live'

/** Far longer than copying a build takes; a release this old that is not live is pruned. */
export const RELEASE_KEEP_MS = 10 * 60_000

/** The directory `npm start` serves: the current release, through its link. */
export function liveSiteDir(root: string): string {
  return path.join(root, SITE_DIR, LIVE)
}

async function stampOf(dir: string): Promise<string | undefined> {
  return fs
    .readFile(path.join(dir, BUILD_STAMP_FILE), 'utf8')
    .then((stamp) => stamp.trim())
    .catch(() => undefined)
}

/** Whether `dir` (public/ unless given) holds a complete build: the build stamps it last. */
export async function hasBuild(root: string, dir = path.join(root, 'public')) {
  return (await stampOf(dir)) !== undefined
}

/** Whether the live release is the build now in public/ (same inputs' stamp). */
export async function isReleased(root: string, publicDir = path.join(root, 'public')) {
  const built = await stampOf(publicDir)
  return built !== undefined && built === (await stampOf(liveSiteDir(root)))
}

const isTaken = (error: unknown) =>
  ['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')

/**
 * Copies the build in `publicDir` into its release, unless another process already did, makes
 * it live in one rename and prunes the releases nothing uses (a file already open stays
 * readable). Returns the release's directory.
 */
export async function releaseSite(
  root: string,
  publicDir = path.join(root, 'public'),
  { now = Date.now }: { now?: () => number } = {},
): Promise<string> {
  const stamp = await stampOf(publicDir)
  if (stamp === undefined) throw new Error(`${publicDir} holds no complete build to release`)
  const releases = path.join(root, SITE_DIR, RELEASES)
  await fs.mkdir(releases, { recursive: true })
  const name = crypto.createHash('sha256').update(stamp).digest('hex').slice(0, 20)
  const release = path.join(releases, name)
  const unique = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`
  const copy = `${release}.${unique}.tmp`
  if (!(await hasBuild(root, release))) {
    await fs.cp(publicDir, copy, { recursive: true })
    try {
      await fs.rename(copy, release)
    } catch (error) {
      if (!isTaken(error)) throw error
      await fs.rm(copy, { recursive: true, force: true })
    }
  }
  // Used now, whoever made it: a process pruning at this moment keeps it.
  const used = new Date(now())
  await fs.utimes(release, used, used)
  const link = `${liveSiteDir(root)}.${unique}.tmp`
  // Relative, so the project folder can be moved with its releases.
  await fs.symlink(path.join(RELEASES, name), link, 'dir')
  await fs.rename(link, liveSiteDir(root))
  const live = path.basename(await fs.readlink(liveSiteDir(root)))
  for (const entry of await fs.readdir(releases)) {
    if (entry === name || entry === live) continue
    const stat = await fs.lstat(path.join(releases, entry)).catch(() => undefined)
    if (stat && now() - stat.mtimeMs > RELEASE_KEEP_MS) {
      await fs.rm(path.join(releases, entry), { recursive: true, force: true })
    }
  }
  return release
}
