import type { ChatMessage } from '@fitcoach/shared/chat';
import type { ChangeListener } from '../../lib/changes';
import type { ServiceContext } from '../../lib/service-context';
import { notifyIfUnread } from './chat.service';

interface Pending {
  timer: NodeJS.Timeout;
  run: () => Promise<void>;
}

/**
 * Notifies the recipient of a chat message they leave unread for `delayMs`.
 *
 * Why a delay and not presence: "has the conversation open" would need every node to know of
 * every other node's subscriptions (a presence registry in Redis, kept right through crashes
 * and reconnects), and an open subscription still says nothing about whether the member looks
 * at it (a tab in the background). What counts is whether they read it: the chat page marks
 * what it shows read as soon as it is visible, on whichever node. So the node that stored the
 * message waits, then checks the database, which every node shares: still unread → notify.
 * The check runs once, on the origin node (an `onOrigin` listener). A node that stops runs its
 * pending checks at once rather than losing them (`flush`).
 */
export class ChatNotifier {
  private readonly pending = new Set<Pending>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly delayMs: number,
  ) {}

  /** Resolves once the check has run (so `changes.settled()` waits for it too). */
  readonly listener: ChangeListener = (change) => {
    if (change.kind !== 'chat-message') return;
    return this.schedule(change.message);
  };

  private schedule(message: ChatMessage): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Pending = {
        timer: setTimeout(() => void entry.run(), this.delayMs),
        run: async () => {
          if (!this.pending.delete(entry)) return;
          clearTimeout(entry.timer);
          try {
            await notifyIfUnread(this.ctx, message);
            resolve();
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        },
      };
      // A pending check never holds a process open that is otherwise done.
      entry.timer.unref();
      this.pending.add(entry);
    });
  }

  /** Runs every pending check now (the node is stopping; tests that do not wait the delay). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending].map((entry) => entry.run()));
  }
}
