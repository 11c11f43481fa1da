import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database, DatabaseHandle } from './db/client';
import { AnswerCache, staleSources } from './lib/answer-cache';
import { ChangeBus, type Change } from './lib/changes';
import type { Clock } from './lib/clock';
import { clientErrorHandler } from './lib/client-error';
import { createMemoryPubSub, installationNamespace, type PubSub } from './lib/pubsub';
import { redisCounters, type CounterStore, type RedisCounters } from './lib/rate-limit-store';
import { ServiceContext } from './lib/service-context';
import { ChatChannel } from './features/chat/chat.channel';
import { ChatNotifier } from './features/chat/chat.notifier';
import { ChallengeChannel } from './features/challenges/challenges.channel';
import { challengeRoutes } from './features/challenges/challenges.routes';
import { coachingRoutes } from './features/coaching/coaching.routes';
import { broadcastChallenges } from './features/challenges/challenges.service';
import { chatRoutes } from './features/chat/chat.routes';
import { dietRoutes } from './features/diets/diets.routes';
import { trainerRoutes } from './features/trainer/trainer.routes';
import { broadcastChat, endBrokenChats } from './features/chat/chat.service';
import { achievementRoutes } from './features/achievements/achievements.routes';
import { authRoutes } from './features/auth/auth.routes';
import { limitPasswordHashing } from './features/auth/password';
import { exerciseRoutes } from './features/exercises/exercises.routes';
import { feedRoutes } from './features/feed/feed.routes';
import { friendRoutes } from './features/friends/friends.routes';
import { gameStatsRoutes } from './features/game-stats/game-stats.routes';
import { teamRoutes } from './features/teams/teams.routes';
import { broadcastTeams } from './features/teams/teams.service';
import { broadcastReports } from './features/reports/reports.service';
import { TeamChannel } from './features/team-stats/team-stats.channel';
import { teamStatsRoutes } from './features/team-stats/team-stats.routes';
import { videoAnalysisRoutes } from './features/video-analysis/video-analysis.routes';
import { broadcastVideoAnalyses } from './features/video-analysis/video-analysis.service';
import {
  broadcastTeamStats,
  endRemovedTeamFollowers,
} from './features/team-stats/team-stats.service';
import { broadcastGameStats } from './features/game-stats/game-stats.service';
import { guidedRoutes } from './features/guided/guided.routes';
import { healthRoutes } from './features/health/health.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { mailRoutes } from './features/mail/mail.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { reportRoutes } from './features/reports/reports.routes';
import { systemRoutes } from './features/system/system.routes';
import type { SystemProbes } from './features/system/system.service';
import { contentRoutes } from './features/content/content.routes';
import { exerciseCatalogueListener } from './features/exercises/exercises.service';
import { MailSender } from './features/mail/mail.sender';
import { NotificationsChannel } from './features/notifications/notifications.channel';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { broadcastNotifications } from './features/notifications/notifications.service';
import { profileRoutes } from './features/profile/profile.routes';
import { programRoutes } from './features/programs/programs.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { virtualTrainerRoutes } from './features/virtual-trainer/virtual-trainer.routes';
import { TrainerChannel } from './features/trainer-stream/trainer-stream.channel';
import { uploadRoutes } from './features/uploads/uploads.routes';
import { userRoutes } from './features/users/users.routes';
import { workoutLogRoutes } from './features/workout-logs/workout-logs.routes';
import { workoutRoutes } from './features/workouts/workouts.routes';
import { authPlugin } from './plugins/auth';
import { findActiveSession, findActiveSessions } from './plugins/auth/sessions';
import { cablePlugin } from './plugins/cable';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin, handleError } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { localePlugin } from './plugins/locale';
import { openapiPlugin } from './plugins/openapi';
import { permissionsPlugin } from './plugins/permissions';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    /** Realtime fan-out and changes between nodes: in-process, or Redis across nodes. */
    pubsub: PubSub;
    /** What routes hand their services: database, answer cache, change bus. */
    ctx: ServiceContext;
    /** Rate-limit counters in Redis (REDIS_URL), or null when each node counts in memory. */
    rateLimitCounters: RedisCounters | null;
    /** Delivers the mail outbox over SMTP (SMTP_URL), or null when mail is kept for admins. */
    mailSender: MailSender | null;
    /** Notifies chat messages left unread (its `flush` runs the pending checks now). */
    chatNotifier: ChatNotifier;
    /** What the admins' System tab reads of the running node (read-only figures). */
    systemProbes: SystemProbes;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
  /** Defaults to in-process; the server passes Redis when REDIS_URL is set. */
  pubsub?: PubSub;
  logger?: FastifyServerOptions['logger'];
  /** Hears every route as it is added (the input fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** What date rules read as now; tests pass a clock they move (docs/decisions/0028). */
  clock?: Clock;
}

export const BROTLI_QUALITY = 4;

/** Log levels at which every request is logged. */
const REQUEST_LOG_LEVELS = new Set(['debug', 'trace']);

/** Headers that carry credentials never reach the logs. */
export const logRedactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** A URL as logged: its query string can carry search text, tokens or personal data. */
function withoutQuery(url: string | undefined): string | undefined {
  const at = url?.indexOf('?') ?? -1;
  return at === -1 ? url : url?.slice(0, at);
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as logged. A failed query's message carries its bound values (a member's text, an
 * email): they are cut, the SQL (ours) is kept.
 */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, statusCode, params } = error as {
    code?: unknown;
    statusCode?: unknown;
    params?: unknown;
  };
  // PostgreSQL quotes the offending value in its messages (`invalid input syntax for type
  // integer: "…"`, `Key (email)=(…)`): below a failed query, quoted parts are not logged.
  const database = depth > 0 || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
  const scrub = (text: string) => {
    const listed = Array.isArray(params) ? `params: ${params.join(',')}` : null;
    let cut = listed && listed.length > 8 ? text.replaceAll(listed, 'params: [not logged]') : text;
    cut = cut.replace(/^params: (?!\[not logged\]).*$/gm, 'params: [not logged]');
    if (database) cut = cut.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/=\(.*?\)/g, '=(…)');
    return cut;
  };
  return {
    type: error.constructor.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: loggedError(error.cause, depth + 1) }
      : {}),
  };
}

/** What a log line says of a request and an error: nothing from a query string or a query's values. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: withoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
  err: (error: unknown) => loggedError(error),
};

/**
 * Fastify's `trustProxy` for TRUST_PROXY. This Fastify ignores a bare hop count (it trusts no
 * hop), so a count becomes the function proxy-addr asks of each address from the socket
 * outwards: the socket's peer is hop 0, and the first `hops` are our proxies. Behind one nginx
 * (`1`), the address is the one nginx appended, whatever the client wrote before it.
 */
export function trustProxyOption(
  trust: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger =
    options.logger && typeof options.logger === 'object'
      ? { ...options.logger, serializers: { ...logSerializers, ...options.logger.serializers } }
      : (options.logger ?? false);
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // A line per request cost a third of the throughput of the cached reads (bench/RESULTS.md):
    // at the default level (info) the log keeps start-up, warnings and errors; debug adds every
    // request.
    logController: new LogController({
      disableRequestLogging: !REQUEST_LOG_LEVELS.has(config.LOG_LEVEL),
    }),
    return503OnClosing: true,
    clientErrorHandler,
    // Addresses the router refuses (a broken %-escape, an over-long parameter) answer in the
    // API's error shape too, not Fastify's own.
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  limitPasswordHashing(
    config.PASSWORD_HASH_CONCURRENCY,
    config.PASSWORD_HASH_QUEUE,
    config.PASSWORD_HASH_REFUSAL_HOLD_MS,
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  const pubsub = options.pubsub ?? createMemoryPubSub();
  const changes = new ChangeBus(pubsub, app.log);
  const answers = new AnswerCache(config.NODE_ENV !== 'production');
  app.decorate('pubsub', pubsub);
  app.decorate('ctx', new ServiceContext(config, database.db, changes, answers, options.clock));
  app.addHook('onClose', async () => {
    await changes.close();
    if (!options.pubsub) await pubsub.close();
  });

  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(storagePlugin, { secret: options.sessionSecret });
  // With S3 storage the pages upload to and load images from the bucket: the CSP allows it.
  await app.register(securityPlugin, { storageOrigins: app.storage.browserOrigins });
  // Phones on gym Wi-Fi: gzip/brotli for the app bundle and JSON alike. Brotli's default
  // quality (11) suits files compressed once; per response it costs milliseconds, so 4.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  await app.register(cookie);
  // Limits count across nodes in Redis when it is configured (docs/decisions/0014).
  const counters = config.REDIS_URL
    ? redisCounters(config.REDIS_URL, installationNamespace(options.sessionSecret), (err) =>
        app.log.warn({ err }, 'rate-limit counters: Redis unavailable, counting on this node'),
      )
    : null;
  app.decorate('rateLimitCounters', counters);
  if (counters) app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, {
    global: false,
    // In memory: room for many accounts' counters, so a flood of other keys cannot push one out.
    ...(counters ? { store: storeOf(counters) } : { cache: 50_000 }),
  });
  await app.register(authPlugin);
  await app.register(csrfPlugin, { secret: options.sessionSecret });
  // Before any route: each is checked against the permission table as it is added.
  await app.register(permissionsPlugin);
  await app.register(cablePlugin);
  await app.register(openapiPlugin);

  listenForChanges(app, changes, answers);
  followFanOut(app, changes, answers);
  await changes.listen();
  app.cable.registerChannel('NotificationsChannel', NotificationsChannel);
  app.cable.registerChannel('ChatChannel', ChatChannel);
  app.cable.registerChannel('TrainerChannel', TrainerChannel);
  app.cable.registerChannel('ChallengeChannel', ChallengeChannel);
  app.decorate('systemProbes', {
    databaseKind: database.kind,
    storage: app.storage,
    cable: app.cable,
  } satisfies SystemProbes);
  app.cable.registerChannel('TeamChannel', TeamChannel);

  await app.register(healthRoutes);
  await app.register(uploadRoutes);
  await app.register(achievementRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(exerciseRoutes);
      await api.register(workoutRoutes);
      await api.register(workoutLogRoutes);
      await api.register(programRoutes);
      await api.register(guidedRoutes);
      await api.register(statsRoutes);
      await api.register(gameStatsRoutes);
      await api.register(friendRoutes);
      await api.register(feedRoutes);
      await api.register(invitationRoutes);
      await api.register(mailRoutes);
      await api.register(adminRoutes);
      await api.register(reportRoutes);
      await api.register(systemRoutes);
      await api.register(contentRoutes);
      await api.register(userRoutes);
      await api.register(notificationRoutes);
      await api.register(chatRoutes);
      await api.register(virtualTrainerRoutes);
      await api.register(dietRoutes);
      await api.register(trainerRoutes);
      await api.register(challengeRoutes);
      await api.register(coachingRoutes);
      await api.register(teamRoutes);
      await api.register(teamStatsRoutes);
      await api.register(videoAnalysisRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}

/** @fastify/rate-limit makes its store with `new`: one store, already made, for every limit. */
function storeOf(counters: CounterStore): FastifyRateLimitStoreCtor {
  return function Counters() {
    return counters;
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Where a write's side effects happen (docs/decisions/0012): services announce what changed,
 * these listeners react. Caches and open sockets live on every node; broadcasts are made once,
 * by the node that made the change, and reach the other nodes through their streams.
 */
function listenForChanges(app: FastifyInstance, changes: ChangeBus, answers: AnswerCache) {
  changes.onEveryNode((change) => answers.invalidate(staleSources(change)));
  changes.onEveryNode((change) => endSessions(app, change));
  changes.onEveryNode(exerciseCatalogueListener(app.db));
  changes.onOrigin(broadcastNotifications(app.cable));
  changes.onOrigin(broadcastGameStats(app.cable));
  changes.onOrigin(broadcastTeams(app.cable));
  changes.onOrigin(broadcastReports(app.db, app.cable));
  changes.onOrigin(broadcastTeamStats(app.cable));
  changes.onOrigin(broadcastVideoAnalyses(app.cable));
  changes.onEveryNode(endRemovedTeamFollowers(app));
  // With SMTP, each node delivers the outbox; a queued mail wakes the node that queued it.
  if (app.config.SMTP_URL) {
    const sender = new MailSender(
      app.db,
      {
        smtpUrl: app.config.SMTP_URL,
        from: app.config.MAIL_FROM,
        retryBaseMs: app.config.MAIL_RETRY_BASE_MS,
        pollMs: app.config.MAIL_POLL_MS,
      },
      app.log,
    );
    app.decorate('mailSender', sender);
    changes.onOrigin((change) => {
      if (change.kind === 'mail-queued') sender.wake();
    });
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => sender.stop());
  } else {
    app.decorate('mailSender', null);
  }
  changes.onEveryNode(endBrokenChats(app));
  changes.onOrigin(broadcastChat(app.cable, app.db));
  changes.onOrigin(broadcastChallenges(app.cable, app.ctx));
  const chatNotifier = new ChatNotifier(app.ctx, app.config.CHAT_NOTIFY_DELAY_MS);
  app.decorate('chatNotifier', chatNotifier);
  changes.onOrigin(chatNotifier.listener);
  // Before the database goes: a stopping node runs its pending checks rather than drop them.
  app.addHook('preClose', () => chatNotifier.flush());
}

/**
 * While a node has no link to the others (Redis away), the changes they make cannot reach it:
 * it falls back to the database. Every DEGRADED_RECHECK_MS it drops its cached sessions (the
 * next request of each reads it again: a sign-out, password change or suspension elsewhere
 * holds within a second), drops its cached answers, and re-reads the sessions of its open
 * sockets (ended ones close). When the link is back it drops both caches once more, tells its
 * open pages to refetch (`resync`: what was broadcast meanwhile was lost), and tells the other
 * nodes to do the same (they may have kept their link and missed this node's changes).
 */
export const DEGRADED_RECHECK_MS = 500;
/**
 * Resyncs asked for close together are made once: when Redis comes back every node announces
 * its return, up to a reconnection delay apart (`pubsub.recoverySpreadMs`, 7 s in production),
 * and each page should refetch once, after the last of them, not once per node. A page's
 * resync waits until no node has asked for the window, and at most RESYNC_MAX_WAIT_WINDOWS
 * windows (a link that keeps flapping).
 */
export const RESYNC_MIN_WINDOW_MS = 300;
export const RESYNC_MAX_WAIT_WINDOWS = 3;

function followFanOut(app: FastifyInstance, changes: ChangeBus, answers: AnswerCache) {
  const { pubsub } = app;
  let timer: NodeJS.Timeout | null = null;
  let checking = false;
  const recheck = async () => {
    app.sessionCache.clear();
    answers.forgetAll();
    if (checking) return;
    checking = true;
    try {
      await app.cable.recheckAll((ids) => findActiveSessions(app.db, ids));
    } catch (err) {
      // The database may be away too; the next tick tries again (debug: no line every tick).
      app.log.debug({ err }, 'fan-out degraded: could not re-read open sessions');
    } finally {
      checking = false;
    }
  };
  const resyncWindow = Math.max(pubsub.recoverySpreadMs, RESYNC_MIN_WINDOW_MS);
  let resyncing: NodeJS.Timeout | null = null;
  let firstAsked = 0;
  const resync = () => {
    // Caches at once; the pages once, when the nodes have stopped coming back.
    void recheck();
    const now = Date.now();
    if (resyncing) clearTimeout(resyncing);
    else firstAsked = now;
    const wait = Math.min(resyncWindow, firstAsked + resyncWindow * RESYNC_MAX_WAIT_WINDOWS - now);
    resyncing = setTimeout(() => {
      resyncing = null;
      void recheck();
      app.cable.resyncAll();
    }, wait);
  };
  const degrade = () => {
    if (timer) return;
    timer = setInterval(() => void recheck(), DEGRADED_RECHECK_MS);
    timer.unref();
    void recheck();
  };
  const recover = () => {
    if (timer) clearInterval(timer);
    timer = null;
    resync();
    changes.announceResync();
  };
  if (!pubsub.connected) {
    app.log.warn('Redis is unreachable: serving without it, and retrying');
    degrade();
  }
  const stop = pubsub.onLinkChange((connected, err) => {
    if (connected) {
      app.log.info('Redis is back: open pages resynchronise');
      recover();
    } else {
      app.log.warn(
        { err },
        'Redis link lost: sessions are read from the database until it is back',
      );
      degrade();
    }
  });
  changes.onResync(resync);
  app.addHook('onClose', async () => {
    stop();
    if (timer) clearInterval(timer);
    if (resyncing) clearTimeout(resyncing);
    timer = null;
    resyncing = null;
  });
}

/** A sign-out closes that session's sockets; an account change re-reads its member's sessions. */
async function endSessions(app: FastifyInstance, change: Change): Promise<void> {
  if (change.kind === 'session-ended') {
    app.sessionCache.forget(change.id);
    app.cable.disconnectSession(change.id);
  }
  if (change.kind === 'member') {
    app.sessionCache.forgetMember(change.id);
    // A password change ended the other sessions: their sockets close. A role or units change
    // reaches the open subscriptions.
    await app.cable.recheckUser(change.id, (id) => findActiveSession(app.db, id));
  }
}
