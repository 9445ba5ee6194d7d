import type { PreviewTarget } from '../../../lib/content/site-routes'
import type { ContentKind, PreviewBundle } from '../../../lib/content/types'
import { createHttpClient, defaultApiBaseUrl } from '../../../lib/http'

const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

/** A draft and everything its template shows; the token proves the visitor may see drafts. */
export const fetchPreview = (target: PreviewTarget, token: string) =>
  http.get<PreviewBundle<ContentKind>>(
    `/content/preview/${target.kind}/${encodeURIComponent(target.key)}`,
    { params: { token } },
  )
