import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ActiveSession } from '../features/auth/session.service';
import type { PubSub, Unsubscribe } from './pubsub';

/** What changed, so that caches built from it are dropped (here and on every other node). */
export type Invalidation =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: number }
  | { kind: 'workout'; id: number }
  | { kind: 'history'; userId: number }
  | { kind: 'all-histories' };

const CHANNEL = 'cache-invalidation';
/** Sessions are re-read at least this often, so a change made elsewhere lands within it. */
export const SESSION_CACHE_TTL_MS = 30_000;
// An answer is compressed once per version, then sent many times: the densest setting pays.
const BROTLI_QUALITY = 11;

interface CachedBody {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function versionKey(i: Invalidation): string | null {
  switch (i.kind) {
    case 'user':
      return `user:${i.id}`;
    case 'workout':
      return `workout:${i.id}`;
    case 'history':
      return `history:${i.userId}`;
    case 'all-histories':
      return 'histories';
    case 'session':
      return null;
  }
}

/**
 * In-memory caches for the hot paths: signed-in sessions, and whole JSON answers (already
 * compressed) keyed by the versions of what they were built from. A write bumps a version, so
 * stale answers are never read again; the bump is published so every node drops its copy.
 */
export class CacheHub {
  private readonly nodeId = randomUUID();
  private readonly versions = new Map<string, number>();
  private readonly building = new Map<string, Promise<CachedBody>>();
  private unsubscribe: Unsubscribe | null = null;
  private readonly changeListeners = new Set<(change: Invalidation) => void>();

  readonly sessions = new LRUCache<string, ActiveSession>({
    max: 20_000,
    ttl: SESSION_CACHE_TTL_MS,
  });
  readonly responses = new LRUCache<string, CachedBody>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (b) => b.json.length + (b.br?.length ?? 0) + (b.gzip?.length ?? 0) + 64,
  });

  /**
   * @param checkAnswers  when true (development and tests), every answer built is checked against
   * its response schema, since cached answers skip Fastify's serializer.
   */
  constructor(
    private readonly pubsub: PubSub | null,
    private readonly checkAnswers = false,
  ) {}

  async listen(): Promise<void> {
    if (!this.pubsub) return;
    this.unsubscribe = await this.pubsub.subscribe(CHANNEL, (message) => this.onRemote(message));
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The current version of something answers are built from (0 until it first changes). */
  version(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  /** Hears every change applied on this node, made here or elsewhere (e.g. sign-outs). */
  onChange(listener: (change: Invalidation) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Applies invalidations here and tells the other nodes. */
  invalidate(...changes: Invalidation[]): void {
    this.apply(changes);
    if (this.pubsub) {
      void this.pubsub
        .publish(CHANNEL, JSON.stringify({ node: this.nodeId, changes }))
        .catch(() => {
          // Other nodes fall back on the session TTL; nothing to do here.
        });
    }
  }

  private onRemote(message: string): void {
    try {
      const { node, changes } = JSON.parse(message) as { node: string; changes: Invalidation[] };
      if (node !== this.nodeId) this.apply(changes);
    } catch {
      // Not ours to understand: ignore.
    }
  }

  private apply(changes: Invalidation[]): void {
    for (const change of changes) {
      // Sessions are cached by cookie token; changes name them by database id or by user.
      if (change.kind === 'session' || change.kind === 'user') {
        for (const [token, session] of this.sessions.entries()) {
          const match =
            change.kind === 'session' ? session.id === change.id : session.user.id === change.id;
          if (match) this.sessions.delete(token);
        }
      }
      const key = versionKey(change);
      if (key) this.versions.set(key, this.version(key) + 1);
      for (const listener of this.changeListeners) listener(change);
    }
  }

  /**
   * Answers with the cached JSON for `key`, building it once on a miss (concurrent misses share
   * one build), compressed the way the client asked. Serialization and compression happen once
   * per version, not per request.
   */
  async respond(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
    schema?: { parse(value: unknown): unknown },
  ): Promise<FastifyReply> {
    const checked = this.checkAnswers && schema ? async () => schema.parse(await build()) : build;
    const body = await this.bodyFor(key, checked);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('vary', 'accept-encoding');
    // Private to this member: never stored by a shared cache.
    reply.header('cache-control', 'private, no-cache');
    if (encoding === 'br') {
      body.br ??= zlib.brotliCompressSync(body.json, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      });
      return reply.header('content-encoding', 'br').send(body.br);
    }
    if (encoding === 'gzip') {
      body.gzip ??= zlib.gzipSync(body.json);
      return reply.header('content-encoding', 'gzip').send(body.gzip);
    }
    return reply.send(body.json);
  }

  private async bodyFor(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const cached = this.responses.get(key);
    if (cached) return cached;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build().then((value) => ({ json: Buffer.from(JSON.stringify(value)) }));
      this.building.set(key, pending);
      pending.then(
        (body) => {
          this.building.delete(key);
          this.responses.set(key, body);
        },
        () => this.building.delete(key),
      );
    }
    return pending;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';
// Browsers send a handful of distinct Accept-Encoding values: parse each once.
const encodingMemo = new LRUCache<string, Encoding>({ max: 256 });

/** br, else gzip, else none; an encoding sent with q=0 is refused. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let known = encodingMemo.get(value);
  if (!known) {
    known = parseEncoding(value);
    encodingMemo.set(value, known);
  }
  return known;
}

function parseEncoding(value: string): Encoding {
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
