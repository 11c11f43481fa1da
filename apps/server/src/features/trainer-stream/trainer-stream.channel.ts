import { Channel } from '../../plugins/cable/channel';
import { mayFollowThread, trainerStreams } from './trainer-stream.service';

/**
 * A trainer thread's replies as they are written: `{ channel: 'TrainerChannel', thread_id }`.
 * Refused unless the thread is the member's own; the page subscribes when it opens a thread,
 * before it sends the question, so the first token has somewhere to go.
 */
export class TrainerChannel extends Channel {
  async subscribed(): Promise<boolean> {
    const threadId = this.context.params.thread_id;
    if (!(await mayFollowThread(this.context.app.db, this.viewer.id, threadId))) return false;
    await this.streamFrom(trainerStreams.thread(threadId as number));
    return true;
  }
}
