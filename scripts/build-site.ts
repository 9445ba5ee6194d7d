import { projectRoot } from '../server/config'
import { buildSite } from './site-build'

/** `npm run build`: rebuilds the site whatever its stamp says. */
buildSite(projectRoot).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
