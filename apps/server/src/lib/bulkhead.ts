/**
 * At most `concurrency` tasks at once, at most `queue` more waiting their turn; beyond that a
 * task is refused at once (`refuse()`), never queued without bound. For work that is heavy
 * by design (password hashing), so a flood of it cannot starve every other request.
 */
export class Bulkhead {
  private running = 0;
  private peakRunning = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
    private readonly refuse: () => Error,
  ) {}

  /** The most tasks that ever ran at once (for tests and diagnostics). */
  get peak(): number {
    return this.peakRunning;
  }

  get active(): number {
    return this.running;
  }

  /** Whether a task started now would be refused (every slot taken, the queue full). */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw this.refuse();
      // The finishing task hands its slot over: `running` does not drop in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
