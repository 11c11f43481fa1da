import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody, ErrorCode } from '@fitcoach/shared/errors';
import type { FastifyInstance } from 'fastify';

const ANSWERS: Record<string, { status: number; error: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: 'payload_too_large',
    message: 'The request headers (or its address) are too large. Shorten the address or search.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'request_timeout',
    message: 'The request took too long to arrive. Please try again.',
  },
};

const MALFORMED = {
  status: 400,
  error: 'validation_failed',
  message: 'The request could not be read as HTTP.',
} as const;

/**
 * Requests Node's HTTP parser refuses (headers over its limit, broken HTTP, a request that
 * never finishes arriving) never reach Fastify's routes or error handler: Node hands the socket
 * to this (Fastify's `clientErrorHandler`), which answers in the API's error shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
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
  const body = JSON.stringify({
    error: answer.error,
    message: answer.message,
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
