import { Channel } from '../../plugins/cable/channel';
import { mayFollowTeam, teamStream } from './team-stats.service';

const MAX_ID = 2_147_483_647;

/**
 * One team's games, live: `{ channel: 'TeamChannel', team_id }`. Refused unless the member is on
 * the team (the rule every read of its stats follows); ended by the server when they are taken
 * off it (team-stats.service.ts, endRemovedTeamFollowers).
 */
export class TeamChannel extends Channel {
  async subscribed(): Promise<boolean> {
    const asked = this.context.params.team_id;
    // Ids are PostgreSQL integers: anything else names no team.
    if (typeof asked !== 'number' || !Number.isInteger(asked) || asked <= 0 || asked > MAX_ID) {
      return false;
    }
    if (!(await mayFollowTeam(this.context.app.db, this.viewer.id, asked))) return false;
    await this.streamFrom(teamStream(asked));
    return true;
  }
}
