import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A redis-server of the test's own, on a spare port, that the test may kill and start again on
 * the same port (the machine's shared Redis must never be stopped). Nothing is saved to disk.
 */
export class OwnRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await sparePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.process !== null;
  }

  /** Starts it (again) on its port; resolves once it accepts connections. */
  async restart(): Promise<void> {
    if (this.process) throw new Error('redis-server is already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = child;
    for (let i = 0; i < 200; i += 1) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('redis-server did not start');
  }

  /** Kills it (SIGKILL: an outage, not a polite shutdown) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes it: connections stay open, nothing is answered (a hung server). */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }
}

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A TCP relay to a port, that a test can cut and restore: one node loses Redis while the
 * others keep it (a network partition).
 */
export class TcpRelay {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;

  private constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  static async start(target: number): Promise<TcpRelay> {
    const relay = new TcpRelay(await sparePort(), target);
    await relay.restore();
    return relay;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((inbound) => {
      const outbound = connect(this.target, '127.0.0.1');
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
