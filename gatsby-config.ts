import path from 'node:path'
import type { GatsbyConfig } from 'gatsby'
import { forwardTo } from './src/gatsby/dev-api-proxy'
import { DEFAULT_LOCALE, LOCALES } from './src/lib/locale/locales'

const siteUrl = process.env.SITE_URL || 'http://127.0.0.1:8000'

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Harbor Physio',
    siteUrl,
  },
  trailingSlash: 'always',
  jsxRuntime: 'automatic',
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts' },
  // The API is served by the same process in production; `npm run dev` forwards /api to it.
  developMiddleware: (app: {
    use(prefix: string, handler: ReturnType<typeof forwardTo>): void
  }) => {
    if (process.env.API_PROXY_URL) app.use('/api', forwardTo(process.env.API_PROXY_URL))
  },
  plugins: [
    'gatsby-plugin-image',
    {
      resolve: 'gatsby-plugin-sharp',
      // AVIF encoding would dominate build time on two cores; WebP with the original's format
      // as fallback serves every current browser.
      options: { defaults: { formats: ['auto', 'webp'], quality: 75 } },
    },
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: path.join(__dirname, 'locales') },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: [...LOCALES],
        defaultLanguage: DEFAULT_LOCALE,
        // Every page also exists under /en/, so all eleven locales share one path shape.
        generateDefaultLanguagePage: true,
        // Locale detection follows the spec (cookie, browser languages), not the plugin's own.
        redirect: false,
        siteUrl,
        trailingSlash: 'always',
        i18nextOptions: {
          fallbackLng: DEFAULT_LOCALE,
          // A key missing from the default namespace is looked up in `admin` (locales/*/admin.json),
          // which only the dashboard's page query loads (AdminMessages): that is what lets its
          // components ask for `admin.*` keys without naming the namespace.
          fallbackNS: 'admin',
          returnNull: false,
          lowerCaseLng: true,
          keySeparator: false,
          nsSeparator: false,
          // The spec's placeholders are written {count}, not {{count}}.
          interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
        },
      },
    },
  ],
}

export default config
