import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '@fitcoach/shared/chat';
import type { AppNotification } from '@fitcoach/shared/notifications';
import type { TeamEvent } from '@fitcoach/shared/realtime-events';
import type { Database, Transaction } from '../db/client';
import type { PubSub, Unsubscribe } from './pubsub';

/**
 * What a write changed, in the domain's words. A service announces it once its transaction has
 * committed; listeners registered in app.ts turn it into cache invalidations, realtime pushes
 * and session ends (docs/decisions/0012). A new feature adds its kinds here.
 */
export type Change =
  /** A workout's content, likes or sharing changed; or it was deleted. */
  | { kind: 'workout'; id: number; deleted?: true }
  /** A member's logs changed: a log written or deleted, with its totals, streaks and records. */
  | { kind: 'logs'; userId: number }
  /** A member's own games changed (personal game stats): recorded, edited or deleted. */
  | { kind: 'game-stats'; userId: number }
  /**
   * A member's account changed: profile, units, role or password; `renamed` if the name did,
   * `photo` if the photo did, `joined` for a new account.
   */
  | { kind: 'member'; id: number; renamed?: boolean; photo?: true; joined?: true }
  /** A session was ended (signed out, or replaced at sign-in). */
  | { kind: 'session-ended'; id: string }
  /** A notification was stored for a member (or for everyone, userId null). */
  | { kind: 'notification'; userId: number | null; notification: AppNotification }
  /** A member marked their notifications seen up to an id. */
  | { kind: 'notifications-read'; userId: number; upToId: number }
  /**
   * Two members' relationship changed: a request sent, accepted, declined or cancelled, a
   * friend removed, a block set or lifted. Open chats and pickers of both re-check it.
   */
  | { kind: 'relationship'; userIds: [number, number] }
  /** A mail was queued for SMTP: the node that queued it wakes its sender. */
  | { kind: 'mail-queued' }
  /** Kudos or comments on one of `ownerId`'s logs were given, taken back, written or deleted. */
  | { kind: 'feed-entry'; ownerId: number }
  /** A chat message was stored (the conversation hears it; the recipient's unread count grows). */
  | { kind: 'chat-message'; message: ChatMessage }
  /** `readerId` read `friendId`'s messages up to `upToId` (the read receipt). */
  | { kind: 'chat-read'; readerId: number; friendId: number; upToId: number }
  /** A moderator removed a chat message (a report upheld): the conversation hears it. */
  | { kind: 'chat-message-removed'; messageId: number; senderId: number; recipientId: number }
  /**
   * A challenge changed: edited, joined, a proof submitted or reviewed, prizes given.
   * `progress` when only submissions and their reviews did (who may see it is as it was).
   */
  | { kind: 'challenge'; id: number; progress?: true }
  /**
   * A program's details or days changed (edited, a readiness note written on a day) or it was
   * deleted, its follows with it: what its followers' "today" shows.
   */
  | { kind: 'program'; id: number }
  /** A member started, paused, resumed or left following a program. */
  | { kind: 'program-follows'; userId: number }
  /**
   * A team, its roster or its workouts changed (or it was deleted): `userIds` are the members
   * to tell, those just removed included.
   */
  | { kind: 'team'; id: number; userIds: number[] }
  /**
   * The library's reference content changed (the admin area's Content tab): an exercise, food,
   * trainer persona or tag was created, edited, retired, restored or deleted, or an exercise's
   * demo video changed. Library workouts announce `workout` changes instead.
   */
  | { kind: 'content'; type: 'exercise' | 'food' | 'persona' | 'tag'; id: number }
  /**
   * A team's game stats changed (a game started, its header edited, a row scored, the game
   * finalised or discarded): `event` is what the team's TeamChannel hears.
   */
  | { kind: 'team-stats'; teamId: number; event: TeamEvent }
  /** A report was filed or resolved: the admins' moderation queues are told. */
  | { kind: 'reports' }
  /**
   * An exercise video analysis changed (kept, deleted, its video attached or removed, a review
   * asked for or taken, a comment written or deleted): `userIds` are its member and the coaches
   * whose open pages show it.
   */
  | { kind: 'video-analysis'; id: number; userIds: number[] };

export type ChangeKind = Change['kind'];
export type ChangeListener = (change: Change) => void | Promise<void>;

/** What a transaction's body announces; emitted only if the transaction commits. */
export interface PendingChanges {
  emit(...changes: Change[]): void;
}

const CHANNEL = 'changes';

/**
 * The one path from a write to its side effects. Two kinds of listener:
 * - `onEveryNode`: state every app node keeps for itself (answer caches, cached sessions, open
 *   sockets). Runs here and, through pub/sub, on every other node.
 * - `onOrigin`: effects that must happen once (realtime broadcasts, which fan out across nodes
 *   by themselves; later mail and jobs). Runs only on the node that made the change.
 * A write never waits for its listeners beyond their synchronous part: caches are current when
 * its answer goes out, while broadcasts and the message to other nodes finish on their own (a
 * Redis outage must not hold every write for its time-out). A listener that fails is logged; it
 * never fails the write that already committed.
 */
export class ChangeBus {
  private readonly nodeId = randomUUID();
  private readonly everyNode: ChangeListener[] = [];
  private readonly origin: ChangeListener[] = [];
  private readonly resyncListeners: (() => void)[] = [];
  private unsubscribe: Unsubscribe | null = null;
  /** Listener work still running, so that tests and shutdown can wait for it. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly pubsub: PubSub | null,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /**
   * How changes reach the other nodes: `local` (one process, nothing to reach), or through
   * Redis, `ok` or `down` (the other nodes miss them until it is back).
   */
  get link(): 'local' | 'ok' | 'down' {
    if (!this.pubsub || this.pubsub.kind === 'memory') return 'local';
    return this.pubsub.connected ? 'ok' : 'down';
  }

  onEveryNode(listener: ChangeListener): void {
    this.everyNode.push(listener);
  }

  onOrigin(listener: ChangeListener): void {
    this.origin.push(listener);
  }

  /** Called when another node says it missed its link to the others (see `announceResync`). */
  onResync(listener: () => void): void {
    this.resyncListeners.push(listener);
  }

  /**
   * Tells the other nodes that this one was cut off and is back: what it changed meanwhile did
   * not reach them, so they drop what they cache and have their pages refetch too. Best effort.
   */
  announceResync(): void {
    if (!this.pubsub?.connected) return;
    this.track(
      this.pubsub
        .publish(CHANNEL, JSON.stringify({ node: this.nodeId, resync: true }))
        .catch((err: unknown) => this.log.error({ err }, 'changes: could not announce a resync')),
    );
  }

  /** Starts hearing the changes other nodes make. */
  async listen(): Promise<void> {
    if (!this.pubsub || this.unsubscribe) return;
    this.unsubscribe = await this.pubsub.subscribe(CHANNEL, (message) => this.onRemote(message));
  }

  /** Waits for the listener work already started (broadcasts, the message to other nodes). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * Runs `work` in one transaction; what it announces is emitted after COMMIT and dropped on
   * ROLLBACK, so no listener ever reacts to a change that did not happen.
   */
  async transaction<T>(
    db: Database,
    work: (tx: Transaction, changes: PendingChanges) => Promise<T>,
  ): Promise<T> {
    const pending: Change[] = [];
    const result = await db.transaction((tx) =>
      work(tx, { emit: (...changes) => void pending.push(...changes) }),
    );
    this.emit(...pending);
    return result;
  }

  /**
   * Announces changes that are already committed. Synchronous listeners have run when it
   * returns (a read right after the write sees fresh caches); asynchronous work goes on without
   * the caller (see `settled`).
   */
  emit(...changes: Change[]): void {
    if (changes.length === 0) return;
    for (const change of changes) {
      for (const listener of this.everyNode) this.track(this.run(listener, change));
      for (const listener of this.origin) this.track(this.run(listener, change));
    }
    // Without a link to the other nodes the message is dropped here, not failed once per
    // write: they resynchronise when the link is back (app.ts, followFanOut).
    if (this.pubsub?.connected) {
      this.track(
        this.pubsub
          .publish(CHANNEL, JSON.stringify({ node: this.nodeId, changes }))
          .catch((err: unknown) => this.log.error({ err }, 'changes: could not tell other nodes')),
      );
    }
  }

  private track(work: Promise<void>): void {
    if (work === done) return;
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private onRemote(message: string): void {
    let parsed: { node?: unknown; changes?: unknown; resync?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.node === this.nodeId) return;
    if (parsed.resync === true) {
      for (const listener of this.resyncListeners) {
        try {
          listener();
        } catch (err) {
          this.log.error({ err }, 'changes: a resync listener failed');
        }
      }
      return;
    }
    if (!Array.isArray(parsed.changes)) return;
    for (const change of parsed.changes as Change[]) {
      for (const listener of this.everyNode) this.track(this.run(listener, change));
    }
  }

  /** Calls one listener; a throw or a rejection is logged and goes no further. */
  private run(listener: ChangeListener, change: Change): Promise<void> {
    try {
      const result = listener(change);
      return result instanceof Promise ? result.catch((err) => this.fail(err, change)) : done;
    } catch (err) {
      this.fail(err, change);
      return done;
    }
  }

  private fail(err: unknown, change: Change): void {
    this.log.error({ err, change: change.kind }, 'changes: a listener failed');
  }
}

const done = Promise.resolve();
