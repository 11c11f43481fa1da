import type { IncomingMessage } from 'node:http';
import { compile } from '@fastify/proxy-addr';
import type { Config } from '../config/env';

/**
 * The host a browser asked for, read from a raw request (the `/cable` upgrade never becomes a
 * Fastify request) the way Fastify reads `request.host`: `X-Forwarded-Host` counts only when the
 * socket's peer is a trusted proxy, and then its last entry, the one that proxy wrote. The
 * leftmost entry is whatever the client sent, so trusting it let any page pass the origin check.
 */
export function forwardedHostReader(
  trust: Config['TRUST_PROXY'],
): (request: IncomingMessage) => string {
  const trusted = trustFunction(trust);
  return (request) => {
    const forwarded = request.headers['x-forwarded-host'];
    const peer = request.socket.remoteAddress;
    if (typeof forwarded === 'string' && forwarded && peer !== undefined && trusted(peer, 0)) {
      return lastEntry(forwarded).toLowerCase();
    }
    return (request.headers.host ?? '').toLowerCase();
  };
}

function trustFunction(trust: Config['TRUST_PROXY']): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return compile(trust);
}

function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return (comma === -1 ? value : value.slice(comma + 1)).trim();
}
