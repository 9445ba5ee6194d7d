import type { GroupResponse } from '../../lib/booking/catalog-pages'
import { createHttpClient, defaultApiBaseUrl } from '../../lib/http'

/** The call the group page makes, through the product's one HTTP client. */
const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

/** A published group, by id or slug (the same answer); 404 for anything else. */
export const fetchGroup = (idOrSlug: string) =>
  http.get<GroupResponse>(`/groups/${encodeURIComponent(idOrSlug)}`)
