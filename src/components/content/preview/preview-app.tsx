import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { parsePreviewPath } from '../../../lib/content/site-routes'
import type { ContentKind, PreviewBundle } from '../../../lib/content/types'
import { isHttpError, type ErrorObject } from '../../../lib/http'
import { ErrorScreen } from '../../error-views/error-screen'
import { NotFoundView } from '../../error-views/not-found-view'
import { Layout } from '../../layout/layout'
import { useHydrated } from '../../use-hydrated'
import { usePageLocale } from '../../use-page-locale'
import { siteViewOf } from '../site-view'
import { fetchPreview } from './preview-api'
import { PreviewContent } from './preview-content'

interface PreviewLocation {
  pathname: string
  search: string
}

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; bundle: PreviewBundle<ContentKind> }
  | { status: 'not-found' }
  | { status: 'failed'; error: ErrorObject }

/**
 * `/v2/preview/:id[/variant]?token=…`: fetches the draft at run time and renders it with the
 * templates' views. Without a valid token, or for an unknown item, the site's 404 page, which
 * the server has already answered with a 404 status; any other failure, its error screen.
 */
export function PreviewApp({ location }: { location: PreviewLocation }) {
  const { t } = useTranslation()
  const language = usePageLocale()
  const hydrated = useHydrated()
  const target = parsePreviewPath(location.pathname)
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const [state, setState] = useState<PreviewState>({ status: 'loading' })
  const targetKey = target ? `${target.kind}/${target.key}` : ''

  useEffect(() => {
    if (!hydrated || !target || !token) return
    let current = true
    fetchPreview(target, token)
      .then((bundle) => current && setState({ status: 'ready', bundle }))
      .catch((error: unknown) => {
        if (!current) return
        setState(
          isHttpError(error) && error.statusCode !== 404
            ? {
                status: 'failed',
                error: {
                  statusCode: error.statusCode,
                  statusMessage: error.statusMessage,
                  message: error.message,
                },
              }
            : { status: 'not-found' },
        )
      })
    return () => {
      current = false
    }
    // The target is derived from the path; its key stands for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, targetKey, token])

  if ((hydrated && (!target || !token)) || state.status === 'not-found') {
    return <NotFoundView location={location} />
  }
  if (state.status === 'failed') return <ErrorScreen error={state.error} />
  if (state.status === 'loading' || !target) {
    return (
      <Layout>
        <p role="status">{t('content.loadingPreview')}</p>
      </Layout>
    )
  }
  const { bundle } = state
  const blogHost = bundle.pages.find((page) => page.hostsBlog)
  const storeHost = bundle.pages.find((page) => page.hostsStore)
  const site = siteViewOf(
    {
      site: null,
      contentSite: bundle.site,
      blogHost: blogHost ? { path: blogHost.path } : null,
      storeHost: storeHost ? { path: storeHost.path } : null,
    },
    language,
  )
  return (
    <Layout>
      <p className="preview-banner" role="note">
        {t('content.previewBanner')}
      </p>
      <PreviewContent target={target} bundle={bundle} site={site} />
    </Layout>
  )
}
