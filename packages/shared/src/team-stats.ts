import { z } from 'zod';
import { gameDateSchema, VS_NAME_MAX } from './game-stats';
import { idParam } from './pagination';
import type { TeamRole } from './teams';
import { hasVisibleText, isOneLine } from './text';
import { vm } from './validation-messages';

/**
 * Team game stats (issue 14, item 4; the spec's "Team game stats row"): a basketball game of a
 * team, with one row per player. A game is `open` while it is scored live (each scorer's change
 * to a row is saved and pushed to the others over `TeamChannel`) and `final` once submitted
 * (`POST /api/team/stats`), after which it is read-only. Season totals count final games.
 */

/** The spec's counted fields of a row, in the order the sheet shows them. */
export const teamStatFields = [
  'two_point_fg_attempted',
  'two_point_fg_made',
  'three_point_fg_attempted',
  'three_point_fg_made',
  'free_throws_attempted',
  'free_throws_made',
  'offensive_rebounds',
  'defensive_rebounds',
  'assists',
  'steals',
  'blocks',
  'turnovers',
  'personal_fouls',
] as const;
export type TeamStatField = (typeof teamStatFields)[number];
export type TeamStatCounts = Record<TeamStatField, number>;

/** Each pair of shots: made is never more than attempted (client and server). */
export const shotPairs = [
  { attempted: 'two_point_fg_attempted', made: 'two_point_fg_made' },
  { attempted: 'three_point_fg_attempted', made: 'three_point_fg_made' },
  { attempted: 'free_throws_attempted', made: 'free_throws_made' },
] as const satisfies readonly { attempted: TeamStatField; made: TeamStatField }[];

/** The spec's basketball points: a two-point make, a three-point make, a free throw. */
export const BASKETBALL_POINTS = { two: 2, three: 3, free: 1 } as const;

/**
 * The most of any one count a player gets in a game: far above any record (Wilt Chamberlain
 * took 63 shots and 32 free throws in his 100-point game) and low enough that a slip of the
 * finger (400 for 40) is caught.
 */
export const TEAM_STAT_MAX = 200;
/** Rows in one submission: a roster's players, with room to spare. */
export const TEAM_STATS_ROWS_MAX = 50;
export const PLAYER_NAME_MAX = 200;
/**
 * Live games a team may have open at once: a few scorers at a tournament, not an unbounded pile
 * of empty games bloating the team's stats page.
 */
export const TEAM_OPEN_GAMES_MAX = 10;

/** Who enters a team's stats: its owner, coaches and scorers (players only read them). */
export const scoresTeam = (role: TeamRole | null | undefined) =>
  role === 'owner' || role === 'coach' || role === 'scorer';

/** The spec's total: 2 × two-point makes + 3 × three-point makes + free throws made. */
export function totalPoints(
  c: Pick<TeamStatCounts, 'two_point_fg_made' | 'three_point_fg_made' | 'free_throws_made'>,
): number {
  return (
    BASKETBALL_POINTS.two * c.two_point_fg_made +
    BASKETBALL_POINTS.three * c.three_point_fg_made +
    BASKETBALL_POINTS.free * c.free_throws_made
  );
}

export function emptyCounts(): TeamStatCounts {
  return Object.fromEntries(teamStatFields.map((f) => [f, 0])) as TeamStatCounts;
}

/** The pairs whose made count is above the attempted one. */
export function overAttempted(c: TeamStatCounts) {
  return shotPairs.filter((p) => c[p.made] > c[p.attempted]);
}

const count = z
  .number({ error: vm('statWholeNumber') })
  .int(vm('statWholeNumber'))
  .min(0, vm('statNotNegative'))
  .max(TEAM_STAT_MAX, vm('statAtMost'))
  .default(0);

const countsShape = Object.fromEntries(teamStatFields.map((f) => [f, count])) as Record<
  TeamStatField,
  typeof count
>;

/** Made ≤ attempted, the issue on the made field (where the scorer went too far). */
function checkShots(v: TeamStatCounts, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  for (const pair of overAttempted(v)) {
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, pair.made],
      message: vm('madeOverAttempted'),
      params: { made: v[pair.made], attempted: v[pair.attempted] },
    });
  }
}

/**
 * `total_points` may come with a row (the spec's row carries it) but is never trusted: the
 * server recomputes it from the makes.
 */
const clientTotal = z.number().nullish();

/** The opponent: one line; blank only while a game is open. */
const vsName = z
  .string({ error: vm('enterOpponent') })
  .trim()
  .max(VS_NAME_MAX, vm('atMostCharacters'))
  .refine(isOneLine, vm('nameOnOneLine'));

/** One of the spec's rows, as `POST /api/team/stats` takes it. */
export const teamStatRowInputSchema = z
  .object({
    vs_name: vsName.refine(hasVisibleText, vm('enterOpponent')),
    game_date: gameDateSchema,
    /** Shown on the sheet; the server stores the roster's name instead. */
    player_name: z.string().max(PLAYER_NAME_MAX, vm('atMostCharacters')).optional(),
    player_id: idParam,
    ...countsShape,
    total_points: clientTotal,
  })
  .superRefine((v, ctx) => checkShots(v, ctx));
export type TeamStatRowInput = z.input<typeof teamStatRowInputSchema>;
export type TeamStatRowValues = z.output<typeof teamStatRowInputSchema>;

/**
 * `POST /api/team/stats` (the spec's call, `stats` an array of rows): saves a game's sheet in one
 * transaction, all rows or none, and makes the game final. With `game_id` it finalises that open
 * (live) game, its rows becoming exactly these; without, it records a new game. Every row names
 * the same opponent and date (the sheet's header, repeated per row by the spec's shape).
 */
export const teamStatsSubmitSchema = z
  .object({
    team_id: idParam,
    game_id: idParam.optional(),
    stats: z
      .array(teamStatRowInputSchema, { error: vm('addStatRows') })
      .min(1, vm('addStatRows'))
      .max(TEAM_STATS_ROWS_MAX, vm('atMostStatRows')),
  })
  .superRefine((v, ctx) => {
    const first = v.stats[0];
    const seen = new Set<number>();
    v.stats.forEach((row, i) => {
      if (first && (row.vs_name !== first.vs_name || row.game_date !== first.game_date)) {
        ctx.addIssue({ code: 'custom', path: ['stats', i, 'vs_name'], message: vm('oneGame') });
      }
      if (seen.has(row.player_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['stats', i, 'player_id'],
          message: vm('playerTwice'),
        });
      }
      seen.add(row.player_id);
    });
  });
export type TeamStatsSubmitInput = z.input<typeof teamStatsSubmitSchema>;
export type TeamStatsSubmitValues = z.output<typeof teamStatsSubmitSchema>;

/** A live change to one player's row: the row's counts as they now stand (not increments). */
export const teamStatRowUpdateSchema = z
  .object({ ...countsShape, total_points: clientTotal })
  .superRefine((v, ctx) => checkShots(v, ctx));
export type TeamStatRowUpdate = z.input<typeof teamStatRowUpdateSchema>;

/** `POST /api/team/:id/stats/games` and `PUT /api/team/:id/stats/:game_id`: an open game's header. */
export const teamGameInputSchema = z.object({
  vs_name: vsName.default(''),
  game_date: gameDateSchema,
});
export type TeamGameInput = z.input<typeof teamGameInputSchema>;
export type TeamGameValues = z.output<typeof teamGameInputSchema>;

export const teamGameParamsSchema = z.object({ id: idParam, game_id: idParam });
export const teamStatRowParamsSchema = z.object({
  id: idParam,
  game_id: idParam,
  player_id: idParam,
});

const countNumbers = Object.fromEntries(teamStatFields.map((f) => [f, z.number().int()])) as Record<
  TeamStatField,
  z.ZodNumber
>;

/** A stored row: the spec's fields, the server's total, and its version for live merging. */
export const teamStatRowSchema = z.object({
  player_id: z.number().int(),
  player_name: z.string(),
  jersey_number: z.number().int().nullable(),
  ...countNumbers,
  total_points: z.number().int(),
  /** Goes up by one on every write of the row: an older one arriving late is ignored. */
  version: z.number().int(),
  updated_at: z.string(),
});
export type TeamStatRow = z.infer<typeof teamStatRowSchema>;

export const teamGameStatuses = ['open', 'final'] as const;
export type TeamGameStatus = (typeof teamGameStatuses)[number];

export const teamGameSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  vs_name: z.string(),
  game_date: z.string(),
  status: z.enum(teamGameStatuses),
  /** Goes up by one on every change of the header or status. */
  version: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  finalized_at: z.string().nullable(),
  /** The team's points: the rows' totals summed. */
  team_points: z.number().int(),
  rows: z.array(teamStatRowSchema),
});
export type TeamGame = z.infer<typeof teamGameSchema>;

const pct = z.number().nullable();

/** Sums and shooting splits of some rows; a percentage is null when nothing was attempted. */
export const teamStatLineSchema = z.object({
  games: z.number().int(),
  ...countNumbers,
  points: z.number().int(),
  rebounds: z.number().int(),
  /** Field goals are two- and three-pointers together. */
  field_goals_made: z.number().int(),
  field_goals_attempted: z.number().int(),
  fg_pct: pct,
  three_pct: pct,
  ft_pct: pct,
  /** (FGM + 0.5 × 3PM) / FGA. */
  efg_pct: pct,
  /** PTS / (2 × (FGA + 0.44 × FTA)). */
  ts_pct: pct,
  points_per_game: z.number(),
});
export type TeamStatLine = z.infer<typeof teamStatLineSchema>;

export const teamPlayerSeasonSchema = teamStatLineSchema.extend({
  player_id: z.number().int(),
  player_name: z.string(),
  jersey_number: z.number().int().nullable(),
});
export type TeamPlayerSeason = z.infer<typeof teamPlayerSeasonSchema>;

/**
 * `GET /api/team/:id/stats`: the team's games (open ones first, then newest first) with their
 * rows, and the season's totals per player and for the team, over final games.
 */
export const teamStatsAnswerSchema = z.object({
  team_id: z.number().int(),
  games: z.array(teamGameSchema),
  season: z.object({
    players: z.array(teamPlayerSeasonSchema),
    team: teamStatLineSchema,
  }),
});
export type TeamStatsAnswer = z.infer<typeof teamStatsAnswerSchema>;

/** Fractions rounded to 4 places (0.5714): the page shows percentages to one decimal. */
const fraction = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** Sums counts over rows. */
export function sumCounts(rows: readonly TeamStatCounts[]): TeamStatCounts {
  const sum = emptyCounts();
  for (const row of rows) for (const f of teamStatFields) sum[f] += row[f];
  return sum;
}

/**
 * A stat line of summed counts over `games` games, with the shooting splits the issue names
 * (FG counts two- and three-pointers; eFG = (FGM + 0.5 × 3PM) / FGA; TS = PTS / (2 × (FGA +
 * 0.44 × FTA))).
 */
export function statLine(counts: TeamStatCounts, games: number): TeamStatLine {
  const points = totalPoints(counts);
  const fgm = counts.two_point_fg_made + counts.three_point_fg_made;
  const fga = counts.two_point_fg_attempted + counts.three_point_fg_attempted;
  const trueAttempts = 2 * (fga + 0.44 * counts.free_throws_attempted);
  return {
    games,
    ...counts,
    points,
    rebounds: counts.offensive_rebounds + counts.defensive_rebounds,
    field_goals_made: fgm,
    field_goals_attempted: fga,
    fg_pct: fraction(fgm, fga),
    three_pct: fraction(counts.three_point_fg_made, counts.three_point_fg_attempted),
    ft_pct: fraction(counts.free_throws_made, counts.free_throws_attempted),
    efg_pct: fraction(fgm + 0.5 * counts.three_point_fg_made, fga),
    ts_pct: fraction(points, trueAttempts),
    points_per_game: games === 0 ? 0 : Math.round((points / games) * 10) / 10,
  };
}

/** The counts of a row (or anything carrying them). */
export function countsOf(row: TeamStatCounts): TeamStatCounts {
  return Object.fromEntries(teamStatFields.map((f) => [f, row[f]])) as TeamStatCounts;
}

/**
 * A row as it should now read, given one that arrived: the newer version wins, so an update
 * overtaken by a later one (two scorers, or a broadcast after the answer) changes nothing.
 */
export function newerRow<T extends { version: number }>(held: T | undefined, incoming: T): T {
  return held && held.version >= incoming.version ? held : incoming;
}

/** A game with one row merged in by version (a new player's row is added). */
export function mergeRow(game: TeamGame, row: TeamStatRow): TeamGame {
  const at = game.rows.findIndex((r) => r.player_id === row.player_id);
  const held = at === -1 ? undefined : game.rows[at];
  const next = newerRow(held, row);
  if (next === held) return game;
  const rows = at === -1 ? [...game.rows, row] : game.rows.map((r, i) => (i === at ? row : r));
  return { ...game, rows, team_points: rows.reduce((sum, r) => sum + r.total_points, 0) };
}

/**
 * A game as it should now read, given a copy that arrived: the header and status of the newer
 * version, and each row by its own version.
 */
export function mergeGame(held: TeamGame | undefined, incoming: TeamGame): TeamGame {
  if (!held) return incoming;
  const base = incoming.version > held.version ? { ...incoming, rows: held.rows } : held;
  const merged = incoming.rows.reduce(mergeRow, base);
  // A final game's rows are exactly the submitted ones: rows no longer in it go.
  if (incoming.status === 'final' && incoming.version > held.version) {
    const keep = new Set(incoming.rows.map((r) => r.player_id));
    const rows = merged.rows.filter((r) => keep.has(r.player_id));
    return { ...merged, rows, team_points: rows.reduce((sum, r) => sum + r.total_points, 0) };
  }
  return merged;
}
