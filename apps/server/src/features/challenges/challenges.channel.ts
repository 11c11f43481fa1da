import { Channel } from '../../plugins/cable/channel';
import { challengeStream, mayFollow } from './challenges.service';

const MAX_ID = 2_147_483_647;

/**
 * One challenge's leaderboard, live: `{ channel: 'ChallengeChannel', challenge_id }`. Refused
 * unless the member may see the challenge (the rule every read of it follows), so a board is
 * never pushed to someone who could not fetch it.
 */
export class ChallengeChannel extends Channel {
  async subscribed(): Promise<boolean> {
    const asked = this.context.params.challenge_id;
    // Ids are PostgreSQL integers: anything else names no challenge.
    if (typeof asked !== 'number' || !Number.isInteger(asked) || asked <= 0 || asked > MAX_ID) {
      return false;
    }
    if (!(await mayFollow(this.context.app.ctx, this.viewer, asked))) return false;
    await this.streamFrom(challengeStream(asked));
    return true;
  }
}
