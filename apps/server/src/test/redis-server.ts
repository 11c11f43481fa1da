import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

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
