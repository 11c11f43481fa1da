import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamEvent } from '@fitcoach/shared/realtime-events';
import type { TeamGame } from '@fitcoach/shared/team-stats';
import type { TeamDetail } from '@fitcoach/shared/teams';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import { createTestApp, member, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const follow = (teamId: number | string) =>
  JSON.stringify({ channel: 'TeamChannel', team_id: teamId });

async function subscribe(cable: RawCable, identifier: string) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier });
  const answer = await cable.next((f) => f.identifier === identifier && typeof f.type === 'string');
  return answer.type;
}

const eventsOf = (cable: RawCable, identifier: string) =>
  cable.frames
    .filter((f) => f.identifier === identifier && typeof f.message === 'object' && f.message)
    .map((f) => f.message as TeamEvent);

/** Waits until the subscription has heard `count` events matching `match`. */
async function heard(
  cable: RawCable,
  identifier: string,
  match: (e: TeamEvent) => boolean,
  count = 1,
) {
  const deadline = Date.now() + 5000;
  while (eventsOf(cable, identifier).filter(match).length < count) {
    if (Date.now() > deadline) {
      throw new Error(`heard ${JSON.stringify(eventsOf(cable, identifier))}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return eventsOf(cable, identifier).filter(match);
}

describe('TeamChannel', () => {
  it("brings every scorer's row changes to the team once each, never to outsiders", async () => {
    const owner = await member(t, { name: 'Olivia' });
    const scorer = await member(t, { name: 'Sam' });
    const player = await member(t, { name: 'Pat' });
    const player2 = await member(t, { name: 'Quinn' });
    const outsider = await member(t, { name: 'Otto' });
    const team = (
      await owner.client.post('/api/team', { name: 'Hawks', sport: 'basketball' })
    ).json<TeamDetail>();
    for (const [who, body] of [
      [scorer, { role: 'scorer' }],
      [player, { role: 'player', jersey_number: 1, alias_name: 'P' }],
      [player2, { role: 'player', jersey_number: 2, alias_name: 'Q' }],
    ] as const) {
      const res = await owner.client.post('/api/team/users', {
        team_id: team.id,
        user_id: who.user.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const id = follow(team.id);
    const cables = {
      owner: await openCable(t.app, owner.client),
      scorer: await openCable(t.app, scorer.client),
      watcher: await openCable(t.app, player.client),
      outsider: await openCable(t.app, outsider.client),
    };
    try {
      expect(await subscribe(cables.outsider, id)).toBe('reject_subscription');
      expect(await subscribe(cables.owner, follow('1'))).toBe('reject_subscription');
      expect(await subscribe(cables.owner, follow(2_147_483_648))).toBe('reject_subscription');
      for (const c of [cables.owner, cables.scorer, cables.watcher]) {
        expect(await subscribe(c, id)).toBe('confirm_subscription');
      }

      const started = await owner.client.post(`/api/team/${team.id}/stats/games`, {
        vs_name: 'Eagles',
        game_date: new Date().toISOString().slice(0, 10),
      });
      const game = started.json<TeamGame>();
      await heard(cables.watcher, id, (e) => e.type === 'game' && e.game.id === game.id);

      // Two scorers, two players, three changes each, all at once.
      const put = (client: typeof owner.client, playerId: number, made: number) =>
        client.put(`/api/team/${team.id}/stats/${game.id}/rows/${playerId}`, {
          two_point_fg_attempted: made,
          two_point_fg_made: made,
        });
      const answers = await Promise.all([
        put(owner.client, player.user.id, 1),
        put(scorer.client, player2.user.id, 1),
        put(owner.client, player.user.id, 2),
        put(scorer.client, player2.user.id, 2),
        put(owner.client, player.user.id, 3),
        put(scorer.client, player2.user.id, 3),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

      for (const cable of [cables.owner, cables.scorer, cables.watcher]) {
        const rows = await heard(cable, id, (e) => e.type === 'stat_row', 6);
        // Exactly one event per write: none lost, none doubled.
        expect(rows).toHaveLength(6);
        for (const playerId of [player.user.id, player2.user.id]) {
          const mine = rows.flatMap((e) =>
            e.type === 'stat_row' && e.row.player_id === playerId ? [e.row] : [],
          );
          expect(mine.map((r) => r.version).sort()).toEqual([1, 2, 3]);
          // Whatever order they arrived in, the highest version is the row as stored.
          const newest = mine.reduce((a, b) => (b.version > a.version ? b : a));
          const stored = (
            await player.client.get(`/api/team/${team.id}/stats/${game.id}`)
          ).json<TeamGame>();
          const row = stored.rows.find((r) => r.player_id === playerId)!;
          expect(newest).toEqual(row);
        }
      }
      // Who changed each row comes with it, so a scorer's page can tell its own.
      const byScorer = eventsOf(cables.watcher, id).filter(
        (e) => e.type === 'stat_row' && e.by === scorer.user.id,
      );
      expect(byScorer).toHaveLength(3);
      expect(eventsOf(cables.outsider, id)).toEqual([]);

      // Finalising brings the final game; a player taken off the team stops hearing it.
      const removed = await owner.client.delete(`/api/team/${team.id}/users/${player.user.id}`);
      expect(removed.statusCode).toBe(204);
      await cables.watcher.next((f) => f.identifier === id && f.type === 'reject_subscription');
      const done = await owner.client.post('/api/team/stats', {
        team_id: team.id,
        game_id: game.id,
        stats: [
          {
            vs_name: 'Eagles',
            game_date: game.game_date,
            player_id: player2.user.id,
            three_point_fg_attempted: 1,
            three_point_fg_made: 1,
          },
        ],
      });
      expect(done.statusCode, done.body).toBe(200);
      const [final] = await heard(
        cables.scorer,
        id,
        (e) => e.type === 'game' && e.game.status === 'final',
      );
      expect(final).toMatchObject({ game: { team_points: 3, rows: [{ total_points: 3 }] } });
      await new Promise((r) => setTimeout(r, 100));
      expect(
        eventsOf(cables.watcher, id).some((e) => e.type === 'game' && e.game.status === 'final'),
      ).toBe(false);
    } finally {
      for (const c of Object.values(cables)) c.close();
    }
  });
});
