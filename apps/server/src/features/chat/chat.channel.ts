import { CHAT_TYPING_INTERVAL_MS } from '@fitcoach/shared/chat';
import { Channel, type ChannelAction } from '../../plugins/cable/channel';
import { chatStreams, mayChat } from './chat.service';

const MAX_ID = 2_147_483_647;

/**
 * Chat, live. `{ channel: 'ChatChannel', friend_id }` follows one conversation (messages,
 * typing, read receipts): refused unless the two are friends and neither blocked the other,
 * and ended by the server when that stops being so (chat.service.ts, endBrokenChats).
 * `{ channel: 'ChatChannel' }` alone follows the member's own unread counts.
 */
export class ChatChannel extends Channel {
  private friendId: number | null = null;
  private lastTyping = 0;

  async subscribed(): Promise<boolean> {
    const asked = this.context.params.friend_id;
    if (asked === undefined) {
      await this.streamFrom(chatStreams.member(this.viewer.id));
      return true;
    }
    // Ids are PostgreSQL integers: a larger one names nobody, and would make the query fail.
    if (typeof asked !== 'number' || !Number.isInteger(asked) || asked <= 0 || asked > MAX_ID) {
      return false;
    }
    if (!(await mayChat(this.context.app.db, this.viewer.id, asked))) return false;
    this.friendId = asked;
    await this.streamFrom(chatStreams.conversation(this.viewer.id, asked));
    return true;
  }

  override readonly actions: Readonly<Record<string, ChannelAction>> = {
    /**
     * "I am typing", relayed to the conversation and never stored. At most one per interval per
     * subscription: a client that sends one per key press costs the other side nothing more.
     */
    typing: async () => {
      if (this.friendId === null) return;
      const now = Date.now();
      if (now - this.lastTyping < CHAT_TYPING_INTERVAL_MS / 2) return;
      this.lastTyping = now;
      await this.context.app.cable.broadcastEvent(
        'ChatChannel',
        chatStreams.conversation(this.viewer.id, this.friendId),
        { type: 'typing', user_id: this.viewer.id },
      );
    },
  };
}
