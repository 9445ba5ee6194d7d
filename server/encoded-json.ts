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

/** A text answer kept in memory, with each encoding made the first time a client accepts it. */
export class EncodedText {
  private readonly encoded = new Map<'br' | 'gzip', Buffer>()

  constructor(readonly text: string) {}

  bytes(encoding: 'br' | 'gzip'): Buffer {
    let bytes = this.encoded.get(encoding)
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.text, COMPRESSION.brotliOptions)
          : zlib.gzipSync(this.text, COMPRESSION.zlibOptions)
      this.encoded.set(encoding, bytes)
    }
    return bytes
  }
}

/** A JSON answer serialized once (see EncodedText). */
export class EncodedJson extends EncodedText {
  constructor(value: unknown) {
    super(JSON.stringify(value))
  }
}

/**
 * Sends a kept answer of content type `type` in the best encoding the client accepts (as
 * @fastify/compress would, which leaves an answer that already has an encoding alone).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedText,
  type: string,
) {
  reply.type(type).header('vary', 'Accept-Encoding')
  const accepted = request.headers['accept-encoding']
  const encoding =
    body.text.length >= COMPRESSION.threshold && typeof accepted === 'string'
      ? negotiator.negotiate(accepted)
      : null
  if (!encoding) return reply.send(body.text)
  return reply.header('content-encoding', encoding).send(body.bytes(encoding))
}

/** Sends a kept JSON answer (see sendEncoded). */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedJson) {
  return sendEncoded(request, reply, body, 'application/json; charset=utf-8')
}
