import type { ErrorObject } from '../../lib/http/error-object'

/** Where the widget was opened: the page's path and query. */
export interface WidgetLocation {
  pathname: string
  search: string
}

/**
 * The spec's 404 error screen for a widget path that names nothing (`Page Not Found: {fullPath}`),
 * with `message` saying what was not found.
 */
export function widgetNotFound(location: WidgetLocation, message: string): ErrorObject {
  return {
    statusCode: 404,
    statusMessage: `Page Not Found: ${location.pathname}${location.search}`,
    message,
  }
}
