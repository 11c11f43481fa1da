import type { FastifyInstance } from 'fastify';
import type { TeamEvent } from '@fitcoach/shared/realtime-events';
import {
  countsOf,
  scoresTeam,
  statLine,
  sumCounts,
  TEAM_OPEN_GAMES_MAX,
  teamStatFields,
  totalPoints,
  type TeamGame,
  type TeamGameValues,
  type TeamPlayerSeason,
  type TeamStatCounts,
  type TeamStatRow,
  type TeamStatRowUpdate,
  teamStatsAnswerSchema,
  type TeamStatsAnswer,
  type TeamStatsSubmitValues,
} from '@fitcoach/shared/team-stats';
import { managesTeam, type TeamRole, type TeamSport } from '@fitcoach/shared/teams';
import type { Executor } from '../../db/client';
import { text } from '../../i18n/i18n';
import { answerKeys, answerValue, type PreparedAnswer } from '../../lib/answer-cache';
import type { ChangeListener, PendingChanges } from '../../lib/changes';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import type { Broadcaster } from '../notifications/notifications.service';
import * as repo from './team-stats.repository';

/**
 * Team game stats (issue 14, item 4). Members of a team read its games; its owner, coaches and
 * scorers write them; to anyone else the team does not exist (404), as on the team's own page.
 * A game is scored live row by row while `open` (each write is one player's row, so two scorers
 * on different players never overwrite each other) and submitted once, in one transaction, which
 * makes it `final` and read-only. Every write is announced as a `team-stats` change carrying the
 * TeamChannel event (docs/decisions/0035).
 */

/** The team's stream on TeamChannel. */
export const teamStream = (teamId: number) => `teams:${teamId}`;

/** The viewer's role on the team and its sport; 404 when they are not on it. */
async function membershipOf(db: Executor, viewer: Viewer, teamId: number, lock = false) {
  const row = await repo.membership(db, teamId, viewer.id, lock);
  if (!row) throw notFound('team');
  return row;
}

function assertScorer(row: { role: TeamRole; sport: TeamSport }) {
  if (!scoresTeam(row.role)) throw forbidden(text('errors:teamStats.scorersOnly'));
  // The sheet is a basketball one (2-, 3-pointers and free throws): another sport's team has
  // no stats to enter. Its games, if it changed sport, are still read.
  if (row.sport !== 'basketball') {
    throw new HttpError(409, 'conflict', text('errors:teamStats.basketballOnly'));
  }
}

async function openGame(
  db: Executor,
  teamId: number,
  gameId: number,
  lock: 'update' | 'share' | null,
) {
  const game = await repo.gameOf(db, teamId, gameId, lock);
  if (!game) throw notFound('teamGame');
  if (game.status !== 'open') {
    throw new HttpError(409, 'conflict', text('errors:teamStats.final'));
  }
  return game;
}

function toRow(row: repo.StatRow): TeamStatRow {
  return {
    player_id: row.playerId,
    player_name: row.playerName,
    jersey_number: row.jerseyNumber,
    ...repo.countsOfRow(row),
    total_points: row.totalPoints,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toGame(game: repo.GameRow, creatorName: string | null, rows: repo.StatRow[]): TeamGame {
  const mapped = rows.map(toRow);
  return {
    id: game.id,
    team_id: game.teamId,
    vs_name: game.vsName,
    game_date: game.gameDate,
    status: game.status,
    version: game.version,
    created_by: game.createdBy === null ? null : { id: game.createdBy, name: creatorName ?? '' },
    created_at: game.createdAt.toISOString(),
    finalized_at: game.finalizedAt?.toISOString() ?? null,
    team_points: mapped.reduce((sum, r) => sum + r.total_points, 0),
    rows: mapped,
  };
}

async function loadGame(db: Executor, gameId: number): Promise<TeamGame> {
  const found = await repo.gameWithCreator(db, gameId);
  if (!found) throw notFound('teamGame');
  return toGame(found.game, found.creatorName, await repo.rowsOf(db, [gameId]));
}

/** Announces a TeamChannel event after the transaction commits. */
function announce(changes: PendingChanges, teamId: number, event: TeamEvent) {
  changes.emit({ kind: 'team-stats', teamId, event });
}

const playedIn = (row: TeamStatRow) => teamStatFields.some((f) => row[f] > 0);

/** Per player and for the team, over the final games. */
function seasonOf(games: TeamGame[]): TeamStatsAnswer['season'] {
  const final = games.filter((g) => g.status === 'final');
  const byPlayer = new Map<number, TeamStatRow[]>();
  for (const game of final) {
    for (const row of game.rows) {
      const list = byPlayer.get(row.player_id) ?? [];
      list.push(row);
      byPlayer.set(row.player_id, list);
    }
  }
  const players: TeamPlayerSeason[] = [...byPlayer.values()].map((rows) => {
    // The name and jersey of the player's latest game (games come newest first).
    const latest = rows[0]!;
    return {
      player_id: latest.player_id,
      player_name: latest.player_name,
      jersey_number: latest.jersey_number,
      // A row of zeros is a player on the sheet who did not get on the floor: not a game played.
      ...statLine(sumCounts(rows.map(countsOf)), rows.filter(playedIn).length),
    };
  });
  players.sort((a, b) => b.points - a.points || a.player_name.localeCompare(b.player_name));
  return {
    players,
    team: statLine(sumCounts(final.flatMap((g) => g.rows.map(countsOf))), final.length),
  };
}

/**
 * `GET /api/team/:id/stats`: the games with their rows, and the season's totals. The same for
 * every member, so it is built once per change of the team's games (answer cache) and each
 * request only checks that the reader is on the team.
 */
export async function statsAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
): Promise<PreparedAnswer> {
  // Cached too: a roster change (the `team` change) makes it stale for everyone it names.
  const member = await answerValue<boolean>(
    ctx.answers.get(answerKeys.teamMember(teamId, viewer.id), async () =>
      mayFollowTeam(ctx.db, viewer.id, teamId),
    ),
  );
  if (!member) throw notFound('team');
  return ctx.answers.get(
    answerKeys.teamStats(teamId),
    () => buildStats(ctx.db, teamId),
    teamStatsAnswerSchema,
  );
}

async function buildStats(db: Executor, teamId: number): Promise<TeamStatsAnswer> {
  const found = await repo.gamesOf(db, teamId);
  const rows = await repo.rowsOf(
    db,
    found.map((f) => f.game.id),
  );
  const byGame = new Map<number, repo.StatRow[]>();
  for (const row of rows) {
    const list = byGame.get(row.gameId) ?? [];
    list.push(row);
    byGame.set(row.gameId, list);
  }
  const games = found.map((f) => toGame(f.game, f.creatorName, byGame.get(f.game.id) ?? []));
  return { team_id: teamId, games, season: seasonOf(games) };
}

/** `GET /api/team/:id/stats/:game_id`: one game, its rows and the team's points. */
export async function getGame(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  gameId: number,
): Promise<TeamGame> {
  await membershipOf(ctx.db, viewer, teamId);
  const game = await repo.gameOf(ctx.db, teamId, gameId);
  if (!game) throw notFound('teamGame');
  return loadGame(ctx.db, gameId);
}

/** `POST /api/team/:id/stats/games`: starts a game scored live (open). */
export async function startGame(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  input: TeamGameValues,
): Promise<TeamGame> {
  return ctx.transaction(async (tx, changes) => {
    if (!(await repo.lockTeam(tx, teamId))) throw notFound('team');
    assertScorer(await membershipOf(tx, viewer, teamId, true));
    if ((await repo.countOpenGames(tx, teamId)) >= TEAM_OPEN_GAMES_MAX) {
      throw new HttpError(
        409,
        'conflict',
        text('errors:teamStats.tooManyOpen', { max: TEAM_OPEN_GAMES_MAX }),
      );
    }
    const game = await repo.insertGame(tx, {
      teamId,
      vsName: input.vs_name,
      gameDate: input.game_date,
      createdBy: viewer.id,
      status: 'open',
    });
    const answer = await loadGame(tx, game.id);
    announce(changes, teamId, { type: 'game', by: viewer.id, game: answer });
    return answer;
  });
}

/** `PUT /api/team/:id/stats/:game_id`: an open game's opponent and date. */
export async function updateGame(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  gameId: number,
  input: TeamGameValues,
): Promise<TeamGame> {
  return ctx.transaction(async (tx, changes) => {
    assertScorer(await membershipOf(tx, viewer, teamId, true));
    await openGame(tx, teamId, gameId, 'update');
    await repo.updateGame(tx, gameId, { vsName: input.vs_name, gameDate: input.game_date });
    const answer = await loadGame(tx, gameId);
    announce(changes, teamId, { type: 'game', by: viewer.id, game: answer });
    return answer;
  });
}

const notOnTeam = (paths: string[]) =>
  validationFailed(
    paths.map((path) => ({ path, message: text('errors:teamStats.notOnTeamField') })),
    text('errors:teamStats.notOnTeam'),
  );

/**
 * `PUT /api/team/:id/stats/:game_id/rows/:player_id`: one player's row of an open game, as a
 * scorer's sheet now shows it. The game is locked FOR SHARE, so scorers' writes to different
 * rows go on side by side while a submission (FOR UPDATE) waits for them, and they for it.
 */
export async function saveRow(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  gameId: number,
  playerId: number,
  input: TeamStatRowUpdate & TeamStatCounts,
): Promise<TeamStatRow> {
  return ctx.transaction(async (tx, changes) => {
    assertScorer(await membershipOf(tx, viewer, teamId, true));
    await openGame(tx, teamId, gameId, 'share');
    const [player] = await repo.membersAmong(tx, teamId, [playerId], true);
    if (!player) throw notFound('teamMember');
    const counts = countsOf(input);
    const [written] = await repo.upsertRows(
      tx,
      gameId,
      [
        {
          playerId,
          playerName: player.name,
          jerseyNumber: player.jerseyNumber,
          counts,
          totalPoints: totalPoints(counts),
        },
      ],
      viewer.id,
    );
    const row = toRow(written!);
    announce(changes, teamId, { type: 'stat_row', game_id: gameId, by: viewer.id, row });
    return row;
  });
}

/**
 * `POST /api/team/stats` (the spec's call): a game's whole sheet in one transaction, all rows or
 * none. Totals are recomputed here; the client's are ignored. With `game_id` the open game is
 * finalised and its rows become exactly these; without, a new final game is recorded.
 */
export async function submitStats(
  ctx: ServiceContext,
  viewer: Viewer,
  input: TeamStatsSubmitValues,
): Promise<{ created: boolean; game: TeamGame }> {
  const teamId = input.team_id;
  const header = input.stats[0]!;
  return ctx.transaction(async (tx, changes) => {
    assertScorer(await membershipOf(tx, viewer, teamId, true));
    const ids = input.stats.map((r) => r.player_id);
    const players = new Map(
      (await repo.membersAmong(tx, teamId, ids, true)).map((p) => [p.userId, p]),
    );
    const strangers = input.stats.flatMap((r, i) =>
      players.has(r.player_id) ? [] : [`stats.${i}.player_id`],
    );
    if (strangers.length > 0) throw notOnTeam(strangers);

    let gameId: number;
    if (input.game_id === undefined) {
      gameId = (
        await repo.insertGame(tx, {
          teamId,
          vsName: header.vs_name,
          gameDate: header.game_date,
          createdBy: viewer.id,
          status: 'final',
        })
      ).id;
    } else {
      gameId = (await openGame(tx, teamId, input.game_id, 'update')).id;
      await repo.updateGame(tx, gameId, {
        vsName: header.vs_name,
        gameDate: header.game_date,
        final: true,
      });
      await repo.deleteRowsExcept(tx, gameId, ids);
    }
    await repo.upsertRows(
      tx,
      gameId,
      input.stats.map((r) => {
        const counts = countsOf(r);
        const player = players.get(r.player_id)!;
        return {
          playerId: r.player_id,
          playerName: player.name,
          jerseyNumber: player.jerseyNumber,
          counts,
          totalPoints: totalPoints(counts),
        };
      }),
      viewer.id,
    );
    const game = await loadGame(tx, gameId);
    announce(changes, teamId, { type: 'game', by: viewer.id, game });
    return { created: input.game_id === undefined, game };
  });
}

/**
 * `DELETE /api/team/:id/stats/:game_id`: an open game is discarded by any scorer; a final one
 * only by the team's owner or a coach (it is part of the season's record).
 */
export async function deleteGame(
  ctx: ServiceContext,
  viewer: Viewer,
  teamId: number,
  gameId: number,
): Promise<void> {
  await ctx.transaction(async (tx, changes) => {
    const membership = await membershipOf(tx, viewer, teamId, true);
    if (!scoresTeam(membership.role)) throw forbidden(text('errors:teamStats.scorersOnly'));
    const game = await repo.gameOf(tx, teamId, gameId, 'update');
    if (!game) throw notFound('teamGame');
    if (game.status === 'final' && !managesTeam(membership.role)) {
      throw forbidden(text('errors:teamStats.finalManagersOnly'));
    }
    await repo.deleteGame(tx, gameId);
    announce(changes, teamId, { type: 'game_deleted', by: viewer.id, game_id: gameId });
  });
}

/** Whether the member may follow the team live: they are on it. */
export async function mayFollowTeam(db: Executor, userId: number, teamId: number) {
  return (await repo.membership(db, teamId, userId)) !== undefined;
}

/** The change listener that pushes a team's game events to its TeamChannel stream. */
export function broadcastTeamStats(cable: Broadcaster): ChangeListener {
  return async (change) => {
    if (change.kind !== 'team-stats') return;
    await cable.broadcastEvent('TeamChannel', teamStream(change.teamId), change.event);
  };
}

/**
 * A member taken off a team (or the team deleted) stops hearing its games at once: their
 * TeamChannel subscriptions to it end. Run on every node, where their sockets are.
 */
export function endRemovedTeamFollowers(app: FastifyInstance): ChangeListener {
  return async (change) => {
    if (change.kind !== 'team') return;
    const still = await repo.stillMembers(app.db, change.id, change.userIds);
    const gone = new Set(change.userIds.filter((id) => !still.has(id)));
    if (gone.size === 0) return;
    app.cable.endSubscriptions(
      'TeamChannel',
      (userId, params) => gone.has(userId) && params.team_id === change.id,
    );
  };
}
