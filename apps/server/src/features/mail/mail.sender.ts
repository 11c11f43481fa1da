import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import * as repo from './mail.repository';

export interface MailSenderOptions {
  smtpUrl: string;
  from: string;
  /** First wait after a failure; doubled per further failure, up to MAX_BACKOFF_MS. */
  retryBaseMs: number;
  /** How often due mail is looked for when nothing wakes the sender. */
  pollMs: number;
}

/** Attempts before a mail is given up as `failed` (about a day of backoff at the default). */
export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long one node holds a claimed mail: longer than the transport's time-outs together. */
export const LEASE_MS = 120_000;
const BATCH = 10;

/** The wait before attempt `attempts + 1`. */
export function backoffMs(base: number, attempts: number): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * An SMTP error as stored and logged: the server's reply, never the URL (it holds the
 * password). nodemailer's messages do not quote it, but a hostile or broken relay could echo
 * the AUTH line, so anything that looks like credentials is cut too.
 */
export function describeFailure(error: unknown, smtpUrl: string): string {
  const message = error instanceof Error ? error.message : String(error);
  let password = '';
  try {
    password = decodeURIComponent(new URL(smtpUrl).password);
  } catch {
    // no password to hide
  }
  const cut = password ? message.split(password).join('[hidden]') : message;
  return cut.replace(/AUTH\s+\S+\s+\S+/gi, 'AUTH [hidden]').slice(0, 1000);
}

/**
 * Delivers the outbox over SMTP (docs/decisions/0019). Every node runs one; each claims due
 * mails with `FOR UPDATE SKIP LOCKED` and a lease, so a mail goes out once however many nodes
 * poll, and a node that dies mid-send leaves it to another after the lease. A failure is
 * retried with exponential backoff: mail queued during an SMTP outage goes out once it is back.
 */
export class MailSender {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: MailSenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(options.smtpUrl, {
      from: options.from,
    });
    // Short time-outs: a stuck relay must not hold a claimed mail past its lease.
    Object.assign(this.transport.options, {
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due mail now (a mail was queued); one run at a time, one more if asked meanwhile. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.warn({ err }, 'mail: could not read the outbox'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Waits for the run under way, if any (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport.close();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await repo.claimDue(this.db, BATCH, LEASE_MS);
      for (const mail of batch) await this.deliver(mail);
      if (batch.length < BATCH || this.stopped) return;
    }
  }

  private async deliver(mail: repo.MailRow): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: { name: mail.toName, address: mail.toAddress },
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      await repo.markSent(this.db, mail.id);
    } catch (err) {
      const failure = describeFailure(err, this.options.smtpUrl);
      const retryAt =
        mail.attempts >= MAX_ATTEMPTS
          ? null
          : new Date(Date.now() + backoffMs(this.options.retryBaseMs, mail.attempts));
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, failure },
        retryAt ? 'mail: delivery failed, will retry' : 'mail: delivery failed, giving up',
      );
      await repo.markFailed(this.db, mail.id, failure, retryAt);
    }
  }
}
