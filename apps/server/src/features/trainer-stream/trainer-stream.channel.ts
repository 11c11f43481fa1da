import { Channel } from '../../plugins/cable/channel';
import { trainerStreams } from './trainer-stream.service';

/**
 * The member's own trainer replies as they are written: `{ channel: 'TrainerChannel' }`. The
 * stream is picked from the connection's member, never from the identifier, so nobody can
 * follow another member's replies. Following the member rather than a thread lets the page
 * subscribe once, before it sends anything: a new thread's first reply streams too, though
 * its thread id does not exist until the reply is under way.
 */
export class TrainerChannel extends Channel {
  async subscribed(): Promise<boolean> {
    // Anything else in the identifier (a thread or a member id) would suggest a choice of
    // stream that the server does not offer: refused, so a client relying on it finds out.
    if (Object.keys(this.context.params).some((key) => key !== 'channel')) return false;
    await this.streamFrom(trainerStreams.member(this.viewer.id));
    return true;
  }
}
