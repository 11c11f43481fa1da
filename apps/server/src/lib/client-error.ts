import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody, ErrorCode } from '@fitcoach/shared/errors';
import type { FastifyInstance } from 'fastify';
import { localeFromHeader, translate, type TextKey } from '../i18n/i18n';

const ANSWERS: Record<string, { status: number; error: ErrorCode; message: TextKey }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: 'payload_too_large',
    message: 'errors:request.headersTooLarge',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'request_timeout',
    message: 'errors:request.timeout',
  },
};

const MALFORMED = {
  status: 400,
  error: 'validation_failed',
  message: 'errors:request.malformed',
} as const;

/**
 * The language the refused request asked for, from what of it arrived: there are no parsed
 * headers here, only the raw bytes Node kept (when it kept them).
 */
function languageOf(raw: unknown) {
  const found = Buffer.isBuffer(raw)
    ? /\r\naccept-language:([^\r\n]*)/i.exec(raw.toString('latin1'))
    : null;
  return localeFromHeader(found?.[1]);
}

/**
 * Requests Node's HTTP parser refuses (headers over its limit, broken HTTP, a request that
 * never finishes arriving) never reach Fastify's routes or error handler: Node hands the socket
 * to this (Fastify's `clientErrorHandler`), which answers in the API's error shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code && ANSWERS[error.code]) || MALFORMED;
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const locale = languageOf(error.rawPacket);
  const body = JSON.stringify({
    error: answer.error,
    message: translate(locale, answer.message),
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Language: ${locale}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
