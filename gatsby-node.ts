import type { GatsbyNode } from 'gatsby'
import { fixLocaleMatchPaths } from './src/gatsby/locale-match-paths'
import { writeMatchPathsManifest } from './src/gatsby/match-paths-manifest'

export const onCreatePage: GatsbyNode['onCreatePage'] = fixLocaleMatchPaths
export const onPostBuild: GatsbyNode['onPostBuild'] = writeMatchPathsManifest
