import path from 'node:path'
import type { GatsbyNode } from 'gatsby'

const root = path.resolve(__dirname, '..', '..')

/**
 * Every page's first load carries the i18n runtime, and its CommonJS packaging kept far more of
 * it than the site uses: gatsby-plugin-react-i18next re-exports all of react-i18next (Trans, its
 * HTML parser, the HOCs and SSR helpers) and its own Link and navigation helpers, so webpack
 * could drop none of them; and the plugin's require() of i18next took its CommonJS build, which
 * minifies worse than the ES one. The aliases point both names at modules naming just what is
 * used, and i18next at its ES build (same version): 4.9 KB gzip off every page. The plugin's
 * outdent, for one console message, is left out (outdent-plain.mjs). In the production browser
 * bundle, Gatsby's own Partytown plugin, which does something only in `gatsby develop`, gives way
 * to a module with no browser APIs, taking gatsby-script and Partytown's snippet with it
 * (no-browser-apis.mjs); the i18n plugin's page wrapper gets just the `withPrefix` it uses of
 * `gatsby` (gatsby-used-by-i18n-plugin.mjs), and the service-worker registration no plugin asks
 * for is left out.
 *
 * Gatsby's `commons` chunk takes every module used by as many chunks as there are page
 * components, counting each dashboard screen's lazy chunk: with enough screens, zone math,
 * pricing and the language switcher went into it, and every page (the dashboard's sign-in page
 * too) loaded it whether it used them or not. Without it, webpack's `shared` group gives each set
 * of chunks that share modules a chunk of its own, loaded only by those chunks.
 */
export const trimI18nBundle: GatsbyNode['onCreateWebpackConfig'] = ({
  actions,
  stage,
  plugins,
}) => {
  if (stage === 'build-javascript') {
    actions.setWebpackConfig({
      plugins: [
        plugins.normalModuleReplacement(
          /internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
          path.join(__dirname, 'no-browser-apis.mjs'),
        ),
        plugins.normalModuleReplacement(
          /^gatsby$/,
          (resource: { context: string; request: string }) => {
            if (/gatsby-plugin-react-i18next[\\/]dist[\\/]plugin$/.test(resource.context)) {
              resource.request = path.join(__dirname, 'gatsby-used-by-i18n-plugin.mjs')
            }
          },
        ),
        plugins.normalModuleReplacement(
          /^\.\/register-service-worker$/,
          path.join(__dirname, 'no-service-worker.mjs'),
        ),
      ],
      optimization: { splitChunks: { cacheGroups: { commons: false } } },
    })
  }
  actions.setWebpackConfig({
    resolve: {
      alias: {
        'react-i18next$': path.join(__dirname, 'react-i18next-used.mjs'),
        'gatsby-plugin-react-i18next$': path.join(
          __dirname,
          'gatsby-plugin-react-i18next-used.mjs',
        ),
        i18next$: path.join(root, 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js'),
        outdent$: path.join(__dirname, 'outdent-plain.mjs'),
      },
    },
  })
}
