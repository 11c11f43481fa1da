// The only module with side effects: reads the environment, opens the database, listens, and
// shuts down gracefully on SIGTERM/SIGINT.
import { buildApp, logRedactPaths } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { resolveSessionSecret } from './config/session-secret';
import { DataDirInUseError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open-configured';
import { seedDatabase } from './db/seed/seed';
import { seedDemoChallenge } from './db/seed/demo-challenge';
import { startPrizeSettlement } from './features/challenges/challenges.settlement';
import { purgeExpiredSessions } from './plugins/auth/sessions';
import { DiskStorage } from './plugins/storage';
import { startBlobPurge } from './features/uploads/uploads.purge';
import { defaultWebDistDir } from './lib/paths';
import { createPubSub, installationNamespace } from './lib/pubsub';

const SHUTDOWN_GRACE_MS = 10_000;
const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

function readConfig(): Config {
  try {
    return loadConfig(process.env, { webDistDir: defaultWebDistDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`FitCoach cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  // Until the app's logger exists, events go to the console; then through the logger.
  let report = (level: 'warn' | 'info' | 'error', message: string) =>
    (level === 'info' ? console.log : console.error)(message);
  const database = await openConfiguredDatabase(config, {
    onServerLog: (line) => {
      if (/\b(PANIC|FATAL):/.test(line)) console.error(`PostgreSQL: ${line}`);
    },
    onEvent: (level, message) => report(level, message),
  });
  if (database.imported) {
    console.log(
      `Moved ${database.imported.total} rows from ${config.DATA_DIR}/pglite to the embedded ` +
        `PostgreSQL (every table's count checked). ${config.DATA_DIR}/pglite is left as it was: ` +
        'delete it once you are happy with the move.',
    );
  }
  await seedDatabase(database.db, { demo: config.SEED_DEMO });

  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR);
  // With Redis away the node starts anyway (degraded) and joins the others when it is back;
  // app.ts logs the loss and the recovery, once each.
  const pubsub = await createPubSub(config.REDIS_URL, installationNamespace(sessionSecret));
  const app = await buildApp({
    config,
    database,
    pubsub,
    sessionSecret,
    logger: { level: config.LOG_LEVEL, redact: logRedactPaths },
  });
  report = (level, message) => app.log[level](message);
  // The demo challenge's proofs are photos in storage: seeded once the app's storage is up.
  if (config.SEED_DEMO) {
    if (app.storage instanceof DiskStorage) await seedDemoChallenge(app.db, app.storage);
    else app.log.info('demo challenge not seeded: its proof photos need disk storage');
  }
  app.addHook('onClose', async () => {
    await pubsub.close();
    await database.close();
  });

  const purge = setInterval(() => {
    purgeExpiredSessions(app.db).catch((err: unknown) =>
      app.log.warn({ err }, 'could not purge expired sessions'),
    );
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();
  // Uploads no record took within 24 h: hourly, stopped when the app closes.
  startBlobPurge(app);
  // Ended challenges give their prizes even if nobody opens them.
  startPrizeSettlement(app);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(purge);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose (the database).
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const where =
    database.kind === 'embedded' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL';
  app.log.info(`FitCoach is running at http://localhost:${port} (${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`FitCoach cannot start. ${error.message}`);
  else console.error('FitCoach failed to start:', error);
  process.exit(1);
});
