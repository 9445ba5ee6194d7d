import type { GatsbyNode } from 'gatsby'
import { contentTypeDefs, createContentResolvers } from './src/gatsby/content-schema'
import {
  createContentPages,
  writeContentSiteMap,
  writePageAliases,
} from './src/gatsby/create-pages'
import { createWidgetFirstStepPages } from './src/gatsby/create-pages/widget'
import { fixLocalizedPages } from './src/gatsby/localized-pages'
import { writeMatchPathsManifest } from './src/gatsby/match-paths-manifest'
import {
  createSiteMessages,
  shouldCreateSiteMessages,
  siteMessagesTypeDefs,
} from './src/gatsby/site-messages'
import { sourceContentNodes } from './src/gatsby/source-nodes'
import { trimI18nBundle } from './src/gatsby/webpack-aliases'

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes([contentTypeDefs, siteMessagesTypeDefs])
}
export const createResolvers: GatsbyNode['createResolvers'] = createContentResolvers
export const sourceNodes: GatsbyNode['sourceNodes'] = sourceContentNodes
export const shouldOnCreateNode: GatsbyNode['shouldOnCreateNode'] = shouldCreateSiteMessages
export const onCreateNode: GatsbyNode['onCreateNode'] = createSiteMessages
export const createPages: GatsbyNode['createPages'] = async (args) => {
  await createContentPages(args)
  await createWidgetFirstStepPages(args)
}
export const onCreatePage: GatsbyNode['onCreatePage'] = fixLocalizedPages
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = trimI18nBundle

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  await writeMatchPathsManifest(args)
  await writeContentSiteMap(args)
  await writePageAliases(args)
}
