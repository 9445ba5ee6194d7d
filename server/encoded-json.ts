import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * How the API compresses: @fastify/compress per response (server/app.ts), and here for answers
 * kept in memory, which are compressed once per encoding instead of once per request. Quality 4
 * brotli is about gzip's speed at a smaller size, which is what a response made per request needs.
 */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
}

const negotiator = new Negotiator({ supportedValues: COMPRESSION.encodings })

/** A JSON answer serialized once, with each encoding made the first time a client accepts it. */
export class EncodedJson {
  readonly json: string
  private readonly encoded = new Map<'br' | 'gzip', Buffer>()

  constructor(value: unknown) {
    this.json = JSON.stringify(value)
  }

  bytes(encoding: 'br' | 'gzip'): Buffer {
    let bytes = this.encoded.get(encoding)
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.json, COMPRESSION.brotliOptions)
          : zlib.gzipSync(this.json, COMPRESSION.zlibOptions)
      this.encoded.set(encoding, bytes)
    }
    return bytes
  }
}

/** Sends the answer in the best encoding the client accepts (as @fastify/compress would). */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding')
  const accepted = request.headers['accept-encoding']
  const encoding =
    body.json.length >= COMPRESSION.threshold && typeof accepted === 'string'
      ? negotiator.negotiate(accepted)
      : null
  if (!encoding) return reply.send(body.json)
  return reply.header('content-encoding', encoding).send(body.bytes(encoding))
}
