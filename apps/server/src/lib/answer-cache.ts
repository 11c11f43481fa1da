import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Change } from './changes';

/**
 * Whole JSON answers of the hot reads, serialised and compressed once per version of what they
 * were built from (docs/decisions/0007 and 0012). Services ask for an answer by an `AnswerKey`;
 * the change listener in app.ts bumps the versions a change makes stale, so a stale answer is
 * never served again.
 */

// ---------------------------------------------------------------------------------------------
// What answers are built from, and the keys of the cached answers
// ---------------------------------------------------------------------------------------------

/** The things answers depend on; each has a version. */
const sources = {
  workout: (id: number) => `workout:${id}`,
  member: (id: number) => `member:${id}`,
  logs: (userId: number) => `logs:${userId}`,
  /** Deleting a workout unlinks it from every member's logs. */
  everyonesLogs: 'logs:*',
  /** Members' names, as pages about others show them (a workout's author). Renames are rare. */
  names: 'names',
  /** Who member search can find and how they show: names, photos, new members. */
  directory: 'directory',
  /** How anyone shows beside what they wrote (a comment): names and photos. */
  faces: 'faces',
  /** Kudos and comments on a member's logs. */
  feedEntries: (ownerId: number) => `feed-entries:${ownerId}`,
  /** A member's friendship rows and blocks, both ways. */
  relations: (userId: number) => `relations:${userId}`,
  /** Which programs a member follows, from when, paused or not. */
  follows: (userId: number) => `follows:${userId}`,
  /** A program's details and days (their workouts by id, the readiness notes). */
  program: (id: number) => `program:${id}`,
  /** A challenge: its details, who joined, prizes given. */
  challenge: (id: number) => `challenge:${id}`,
  /** Its participants' progress: submissions and their reviews. */
  challengeProgress: (id: number) => `challenge-progress:${id}`,
  /** The teams a member is on and their role on each (a team's challenges follow its roster). */
  teams: (userId: number) => `teams:${userId}`,
  /**
   * The exercise library and tags (names, kinds, demo videos): what every workout page shows of
   * its exercises. Changed only by admins (and coaches' demo videos), so rarely.
   */
  library: 'library',
  /** A team's games and their rows (team game stats). */
  teamStats: (teamId: number) => `team-stats:${teamId}`,
} as const;

/** What a member's "today" was read from, as `programToday`'s build found it. */
interface TodayReads {
  /** Every program the member follows that was looked at, the one shown and those before it. */
  programIds: readonly number[];
  /** The workout shown (its title and length are on the answer). */
  workoutIds: readonly number[];
}

export interface AnswerKey {
  /** Names the answer among those built from the same sources. */
  readonly name: string;
  readonly sources: readonly string[];
}

interface FeedShape {
  limit: number;
  units: string;
  locale: string;
}

/** Every cached answer's key. Built here, beside the versions, never by a route. */
export const answerKeys = {
  /**
   * The workout page: per member (likes, rights, units), per version of the workout, its
   * author's name, the member's blocks (a block ends what was shared across it), and the
   * exercise library (names, demo videos) and tags it shows.
   */
  workout: (workoutId: number, viewerId: number): AnswerKey => ({
    name: `workout:${workoutId}:${viewerId}`,
    sources: [
      sources.workout(workoutId),
      sources.member(viewerId),
      sources.names,
      sources.relations(viewerId),
      sources.library,
    ],
  }),
  /** The first page of a member's history: their logs, units, and deleted workouts. */
  history: (userId: number, limit: number): AnswerKey => ({
    name: `history:${userId}:${limit}`,
    sources: [
      sources.logs(userId),
      sources.everyonesLogs,
      sources.member(userId),
      // Each log names its exercises.
      sources.library,
    ],
  }),
  /** Chart series; the weekly one ends at today, so the date is part of the name. */
  chart: (userId: number, workoutId: number | null, today: string): AnswerKey => ({
    name: `chart:${userId}:${workoutId ?? 'all'}:${today}`,
    sources: [
      sources.logs(userId),
      sources.everyonesLogs,
      sources.member(userId),
      sources.library,
      ...(workoutId === null ? [] : [sources.workout(workoutId)]),
    ],
  }),
  /**
   * Member search's first matches for a text, the same for every searcher (each one's blocks
   * and relationships are applied per request). `minute` bounds how long an account made
   * outside the app process (`npm run create-admin`) can stay unfound.
   */
  memberDirectory: (text: string, minute: number): AnswerKey => ({
    name: `directory:${minute}:${text}`,
    sources: [sources.directory],
  }),
  /**
   * One searcher's first page for a text: the directory's matches with their relationships and
   * blocks applied, as sent. A member typing a name asks for it again and again (each letter
   * deleted or retyped, the add-friend modal opened twice); built from the two answers above.
   */
  memberSearch: (viewerId: number, text: string, limit: number, minute: number): AnswerKey => ({
    name: `search:${viewerId}:${limit}:${minute}:${text}`,
    sources: [sources.directory, sources.relations(viewerId)],
  }),
  /**
   * The feed's first page: the reader's and each friend's logs, account (name, photo, who sees
   * their activity) and kudos and comments, and whom the reader is friends with. Units and
   * language shape the text, so they name the answer.
   */
  feed: (viewerId: number, friendIds: readonly number[], shape: FeedShape): AnswerKey => ({
    name: answerKeys.feedName(viewerId, shape),
    sources: [
      sources.relations(viewerId),
      sources.everyonesLogs,
      // Comments by friends of friends show their authors too.
      sources.faces,
      ...[viewerId, ...friendIds].flatMap((id) => [
        sources.logs(id),
        sources.member(id),
        sources.feedEntries(id),
      ]),
    ],
  }),
  /** The feed answer's name, known before the friends its key lists (`AnswerCache.getNamed`). */
  feedName: (viewerId: number, shape: FeedShape): string =>
    `feed:${viewerId}:${shape.limit}:${shape.units}:${shape.locale}`,
  /**
   * Today's session of a member's programs on their date (`AnswerCache.getDiscovered`: which
   * programs and workout it rests on is known once it is built). Their logs say done or not and
   * how ready they are.
   */
  programTodayName: (viewerId: number, date: string): string => `program-today:${viewerId}:${date}`,
  programToday: (viewerId: number, date: string, reads: TodayReads): AnswerKey => ({
    name: answerKeys.programTodayName(viewerId, date),
    sources: [
      sources.follows(viewerId),
      sources.logs(viewerId),
      sources.everyonesLogs,
      ...reads.programIds.map((id) => sources.program(id)),
      ...reads.workoutIds.map((id) => sources.workout(id)),
    ],
  }),
  /**
   * A challenge's leaderboard, the same for everyone who may see it; its status follows the
   * server's day. Members show by name.
   */
  leaderboard: (challengeId: number, day: string): AnswerKey => ({
    name: `leaderboard:${challengeId}:${day}`,
    sources: [
      sources.challenge(challengeId),
      sources.challengeProgress(challengeId),
      sources.names,
    ],
  }),
  /**
   * Whether a member may see a challenge (its visibility, their joining it, their friendship
   * with its creator, their place on its team, their role) and whether its prizes are due on
   * `day`. Not its progress: each review of a big challenge would have every reader check again.
   */
  challengeAccess: (challengeId: number, viewerId: number, day: string): AnswerKey => ({
    name: `challenge-access:${challengeId}:${viewerId}:${day}`,
    sources: [
      sources.challenge(challengeId),
      sources.relations(viewerId),
      sources.member(viewerId),
      sources.teams(viewerId),
    ],
  }),
  /** Whether a member is on a team (a read of its games asks it on every request). */
  teamMember: (teamId: number, viewerId: number): AnswerKey => ({
    name: `team-member:${teamId}:${viewerId}`,
    sources: [sources.teams(viewerId)],
  }),
  /**
   * A team's games, rows and season totals, the same for each of its members (who may read it is
   * checked per request). The name of who started a game is on it.
   */
  teamStats: (teamId: number): AnswerKey => ({
    name: `team-stats:${teamId}`,
    sources: [sources.teamStats(teamId), sources.names],
  }),
  /**
   * A member's own profile (GET /api/profile): their account row and photo, both announced as
   * `member` changes. `accountVersion` is the row's `updated_at` as the member's session last
   * read it (at most 30 s before): a change made outside the app process, which announces
   * nothing (`npm run create-admin` promoting an existing account), shows once it is re-read.
   */
  profile: (userId: number, accountVersion: number): AnswerKey => ({
    name: `profile:${userId}:${accountVersion}`,
    sources: [sources.member(userId)],
  }),
  /** Everyone a member is related to: friends, requests both ways, blocks both ways. */
  memberRelations: (userId: number): AnswerKey => ({
    name: `relations:${userId}`,
    sources: [sources.relations(userId)],
  }),
};

/** The sources a change makes stale. */
export function staleSources(change: Change): string[] {
  switch (change.kind) {
    case 'workout':
      return change.deleted
        ? [sources.workout(change.id), sources.everyonesLogs]
        : [sources.workout(change.id)];
    case 'logs':
      return [sources.logs(change.userId)];
    case 'game-stats':
      // Games are training load: answers read with the member's logs (today's session, eased
      // by readiness) go stale with them. The games list itself is read fresh.
      return [sources.logs(change.userId)];
    case 'member':
      return [
        sources.member(change.id),
        ...(change.renamed ? [sources.names] : []),
        ...(change.renamed || change.photo ? [sources.faces] : []),
        ...(change.renamed || change.photo || change.joined ? [sources.directory] : []),
      ];
    case 'relationship':
      return change.userIds.map((id) => sources.relations(id));
    case 'feed-entry':
      return [sources.feedEntries(change.ownerId)];
    case 'challenge':
      return change.progress
        ? [sources.challengeProgress(change.id)]
        : [sources.challenge(change.id), sources.challengeProgress(change.id)];
    case 'program':
      return [sources.program(change.id)];
    case 'program-follows':
      return [sources.follows(change.userId)];
    case 'team':
      // Its members (those just removed included) may see other team challenges than before.
      return change.userIds.map((id) => sources.teams(id));
    case 'session-ended':
    case 'notification':
    case 'notifications-read':
    case 'mail-queued':
    case 'reports':
    case 'chat-message':
    case 'chat-read':
    case 'chat-message-removed':
    case 'video-analysis':
      return [];
    case 'content':
      // Foods and personas are read fresh wherever they show.
      return change.type === 'exercise' || change.type === 'tag' ? [sources.library] : [];
    case 'team-stats':
      return [sources.teamStats(change.teamId)];
  }
}

// ---------------------------------------------------------------------------------------------
// The cache
// ---------------------------------------------------------------------------------------------

// An answer is compressed once per version. Brotli's densest setting (11) saved 11 % of a
// history page's bytes but cost 40 times the CPU (11 ms against 0.3 ms for 8 KB), on the event
// loop: when writes keep making answers stale, rebuilding them at 11 stalled every request
// (bench/RESULTS.md, reads under writes). Quality 4 is what every other answer gets.
const BROTLI_QUALITY = 4;
const MAX_ANSWERS = 50_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer ready to send: its JSON, and each compressed form once someone asked for it. */
export interface PreparedAnswer {
  readonly json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface Entry extends PreparedAnswer {
  readonly sources: readonly string[];
}

/** A source's version, and how many cached or building answers depend on it. */
interface Version {
  value: number;
  refs: number;
}

export class AnswerCache {
  /**
   * Only sources some answer depends on have an entry: one nobody depends on can start again
   * from 0, since no answer built from an older version of it exists. So this map never holds
   * more than the answers' sources, however many things change.
   */
  private readonly versions = new Map<string, Version>();
  private readonly building = new Map<string, Promise<Entry>>();
  private readonly answers = new LRUCache<string, Entry>({
    max: MAX_ANSWERS,
    maxSize: MAX_ANSWER_BYTES,
    sizeCalculation: (a) => a.json.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) + 64,
    dispose: (entry) => this.release(entry.sources),
  });

  /**
   * @param checkAnswers  when true (development and tests), every answer built is checked against
   * its response schema, since cached answers skip Fastify's serializer.
   */
  constructor(private readonly checkAnswers = false) {}

  /**
   * The id each named answer had when nothing had changed since: answers with hundreds of
   * sources (the feed's) skip making their key and reading every version while nothing changes.
   * Any change ends every entry's use (see `epoch`).
   */
  private readonly named = new LRUCache<string, { epoch: number; id: string }>({
    max: MAX_ANSWERS,
  });
  /** Counts every invalidation, of any source, so a named id is trusted only until the next. */
  private epoch = 0;

  /** Things changed: every answer built from them is stale from now on. */
  invalidate(changed: readonly string[]): void {
    this.epoch += 1;
    for (const source of changed) {
      const version = this.versions.get(source);
      if (version) version.value += 1;
    }
  }

  /**
   * The answer for `key`, built once per version of its sources (concurrent misses share one
   * build). An answer whose sources changed while it was being built is served to the requests
   * that asked for it but not kept.
   */
  async get(
    key: AnswerKey,
    build: () => Promise<unknown>,
    schema?: { parse(value: unknown): unknown },
  ): Promise<PreparedAnswer> {
    const id = this.idOf(key);
    const cached = this.answers.get(id);
    if (cached) return cached;
    return this.building.get(id) ?? this.startBuild(id, key, build, schema);
  }

  /**
   * `get` for an answer whose key is costly to make (it reads other cached answers, or lists
   * hundreds of sources): while nothing has changed since the last request for `name`, the
   * answer kept then is served without making the key. `name` must be what the key's name is,
   * so that only a change can give the same name another key.
   */
  async getNamed(
    name: string,
    keyOf: () => Promise<AnswerKey>,
    build: () => Promise<unknown>,
    schema?: { parse(value: unknown): unknown },
  ): Promise<PreparedAnswer> {
    const epoch = this.epoch;
    const known = this.named.get(name);
    if (known?.epoch === epoch) {
      const cached = this.answers.get(known.id);
      if (cached) return cached;
    }
    const key = await keyOf();
    const id = this.idOf(key);
    // Kept only if nothing changed while the key was made: it might be made from older state.
    if (this.epoch === epoch) this.named.set(name, { epoch, id });
    const cached = this.answers.get(id);
    if (cached) return cached;
    return this.building.get(id) ?? this.startBuild(id, key, build, schema);
  }

  /**
   * `get` for an answer whose sources are known only once it is built (which programs a
   * member's "today" looked at): `build` answers the value and its key, whose name must be
   * `name`. The key last built for the name finds the cached answer while none of its sources
   * has changed. An answer is kept only if nothing at all changed while it was built (its
   * sources were not held then, so a change to them would go unseen); concurrent misses share
   * one build only while nothing has changed since it began, so a read after a write never
   * gets an answer begun before it.
   */
  async getDiscovered(
    name: string,
    build: () => Promise<{ value: unknown; key: AnswerKey }>,
    schema?: { parse(value: unknown): unknown },
  ): Promise<PreparedAnswer> {
    const known = this.discovered.get(name);
    if (known) {
      const cached = this.answers.get(this.idOf(known));
      if (cached) return cached;
    }
    const epoch = this.epoch;
    const buildId = `${name}@@${epoch}`;
    const running = this.building.get(buildId);
    if (running) return running;
    const pending = (async (): Promise<Entry> => {
      const built = await build();
      if (built.key.name !== name) throw new Error(`answer ${built.key.name} built for ${name}`);
      const value = this.checkAnswers && schema ? schema.parse(built.value) : built.value;
      return { json: Buffer.from(JSON.stringify(value)), sources: built.key.sources };
    })();
    this.building.set(buildId, pending);
    pending.then(
      (entry) => {
        this.building.delete(buildId);
        if (this.epoch !== epoch) return;
        const key = { name, sources: entry.sources };
        const id = this.idOf(key);
        this.acquire(key.sources);
        this.answers.set(id, entry);
        if (this.answers.has(id)) this.discovered.set(name, key);
        else this.release(key.sources);
      },
      () => this.building.delete(buildId),
    );
    return pending;
  }

  /** The key each `getDiscovered` answer was last kept under, by name. */
  private readonly discovered = new LRUCache<string, AnswerKey>({ max: MAX_ANSWERS });

  private idOf(key: AnswerKey): string {
    return `${key.name}@${key.sources.map((s) => this.versions.get(s)?.value ?? 0).join('.')}`;
  }

  /**
   * An answer built now and not kept: for reads too varied to be worth caching (a later page),
   * sent the same way. It is checked against its schema, as Fastify's serializer would.
   */
  async uncached(
    build: () => Promise<unknown>,
    schema: { parse(value: unknown): unknown },
  ): Promise<PreparedAnswer> {
    return { json: Buffer.from(JSON.stringify(schema.parse(await build()))) };
  }

  /** Counts, for tests and benchmarks. */
  stats(): { answers: number; versions: number; building: number } {
    return {
      answers: this.answers.size,
      versions: this.versions.size,
      building: this.building.size,
    };
  }

  clear(): void {
    this.answers.clear();
  }

  /**
   * Invalidations may have been missed (the link to the other nodes was down): every answer is
   * stale, including those being built now, which are served but not kept.
   */
  forgetAll(): void {
    this.epoch += 1;
    for (const version of this.versions.values()) version.value += 1;
    this.answers.clear();
  }

  private startBuild(
    id: string,
    key: AnswerKey,
    build: () => Promise<unknown>,
    schema: { parse(value: unknown): unknown } | undefined,
  ): Promise<Entry> {
    const held = this.acquire(key.sources);
    const pending = (async (): Promise<Entry> => {
      let value = await build();
      if (this.checkAnswers && schema) value = schema.parse(value);
      return { json: Buffer.from(JSON.stringify(value)), sources: key.sources };
    })();
    this.building.set(id, pending);
    pending.then(
      (entry) => {
        this.building.delete(id);
        const fresh = key.sources.every((s, i) => this.versions.get(s)?.value === held[i]);
        // Once kept, the entry holds its sources until it is evicted (see dispose).
        if (fresh) this.answers.set(id, entry);
        if (!fresh || !this.answers.has(id)) this.release(key.sources);
      },
      () => {
        this.building.delete(id);
        this.release(key.sources);
      },
    );
    return pending;
  }

  /** Marks the sources as depended on; answers their versions now. */
  private acquire(list: readonly string[]): number[] {
    return list.map((source) => {
      let version = this.versions.get(source);
      if (!version) {
        version = { value: 0, refs: 0 };
        this.versions.set(source, version);
      }
      version.refs += 1;
      return version.value;
    });
  }

  private release(list: readonly string[]): void {
    for (const source of list) {
      const version = this.versions.get(source);
      if (!version) continue;
      version.refs -= 1;
      if (version.refs <= 0) this.versions.delete(source);
    }
  }
}

/** Sends a prepared answer, compressed the way the client asked (each form made once). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    // A member's data: stored by no cache, the browser's included (docs/decisions/0014).
    .header('cache-control', 'no-store');
  if (encoding === 'br') {
    answer.br ??= zlib.brotliCompressSync(answer.json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= zlib.gzipSync(answer.json);
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.json);
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

const parsedAnswers = new WeakMap<Buffer, unknown>();

/**
 * A cached answer's value, for a service that reads it rather than sends it (whether a member
 * may see a challenge). Parsed once per cached version: the cache hands back the same buffer
 * until the answer goes stale, so the value lives as long as that buffer. Read-only.
 */
export async function answerValue<T>(answer: Promise<PreparedAnswer>): Promise<T> {
  const { json } = await answer;
  if (!parsedAnswers.has(json)) parsedAnswers.set(json, JSON.parse(json.toString('utf8')));
  return parsedAnswers.get(json) as T;
}
