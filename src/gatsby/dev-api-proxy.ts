import http from 'node:http'

/**
 * `npm run dev`: forwards /api from `gatsby develop` to the API process as it is, status, headers
 * and body. Gatsby's own `proxy` option answers 500 for every 4xx of the upstream (its HTTP
 * client throws on them), so the widget's error paths could not be tried in development.
 */
export function forwardTo(target: string) {
  const upstream = new URL(target)
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        // Mounted under /api, Express strips the prefix from `url`; `originalUrl` keeps it.
        path:
          (request as http.IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    forwarded.on('error', (error) => {
      if (response.headersSent) return void response.destroy(error)
      response.writeHead(502, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          statusCode: 502,
          statusMessage: 'Bad Gateway',
          message: `The API at ${target} does not answer (${error.message}); is it restarting?`,
        }),
      )
    })
    request.pipe(forwarded)
  }
}
