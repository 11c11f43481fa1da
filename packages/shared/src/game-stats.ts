import { z } from 'zod';
import { cursorQuery, pageSchema } from './pagination';
import { isIsoDate } from './profile';
import { hasVisibleText, isOneLine } from './text';
import { vm } from './validation-messages';

/**
 * Personal game stats (issue 14, item 5; the spec's "Personal game stats" entity): a member
 * records their own games in any sport. Games count as training load: they show in the history
 * and the AI trainer's readiness treats a game as a hard session.
 */

export const gameSports = ['basketball', 'volleyball', 'soccer', 'other'] as const;
export type GameSport = (typeof gameSports)[number];

/** The spec's counted stats, in the order the form and the tables show them. */
export const gameStatFields = [
  'points',
  'rebounds',
  'assists',
  'kills',
  'aces',
  'digs',
  'game_errors',
] as const;
export type GameStatField = (typeof gameStatFields)[number];

/**
 * The most a person records in one game, per stat: well above any record (Wilt Chamberlain's
 * 100 points, 55 rebounds; a volleyball match's kills and digs rarely pass 50) and low enough
 * that a slip of the finger (4000 for 40) is caught.
 */
export const GAME_STAT_MAX: Record<GameStatField, number> = {
  points: 300,
  rebounds: 100,
  assists: 100,
  kills: 150,
  aces: 100,
  digs: 150,
  game_errors: 100,
};

/** The stats that matter in each sport: charted beside points, shown first in the list. */
export const sportStats: Record<GameSport, readonly GameStatField[]> = {
  basketball: ['points', 'rebounds', 'assists'],
  volleyball: ['points', 'kills', 'aces', 'digs', 'game_errors'],
  soccer: ['points', 'assists'],
  other: ['points'],
};

export const VS_NAME_MAX = 100;
export const GAME_NOTES_MAX = 2000;
/** The earliest game date accepted: older dates are typing slips (0202 for 2025). */
export const GAME_DATE_MIN = '1950-01-01';
/**
 * How far past today (UTC) a game date may be: the member's own today is up to 14 hours ahead
 * of UTC, and a day of tolerance on top (a late game entered past midnight), as workout logs.
 */
const FUTURE_TOLERANCE_MS = 36 * 3600_000;

const statValue = (field: GameStatField) =>
  z
    .number({ error: vm('statWholeNumber') })
    .int(vm('statWholeNumber'))
    .min(0, vm('statNotNegative'))
    .max(GAME_STAT_MAX[field], vm('statAtMost'))
    .default(0);

/** A game's day (a member's own games and team games alike): from 1950, not in the future. */
export const gameDateSchema = z.string({ error: vm('dateFormat') }).superRefine((v, ctx) => {
  if (!isIsoDate(v)) ctx.addIssue({ code: 'custom', message: vm('dateFormat') });
  else if (v < GAME_DATE_MIN) ctx.addIssue({ code: 'custom', message: vm('gameDateTooOld') });
  else if (Date.parse(`${v}T00:00:00Z`) > Date.now() + FUTURE_TOLERANCE_MS) {
    ctx.addIssue({ code: 'custom', message: vm('dateInFuture') });
  }
});

/** `POST /api/game_stats` and `PUT /api/game_stats/:id` (a PUT replaces every field). */
export const gameStatInputSchema = z.object({
  vs_name: z
    .string({ error: vm('enterOpponent') })
    .trim()
    .max(VS_NAME_MAX, vm('atMostCharacters'))
    .refine(hasVisibleText, vm('enterOpponent'))
    .refine(isOneLine, vm('nameOnOneLine')),
  game_date: gameDateSchema,
  /** Not in the spec's field list; absent means a game of another sport. */
  sport: z.enum(gameSports, { error: vm('chooseSport') }).default('other'),
  points: statValue('points'),
  rebounds: statValue('rebounds'),
  assists: statValue('assists'),
  kills: statValue('kills'),
  aces: statValue('aces'),
  digs: statValue('digs'),
  game_errors: statValue('game_errors'),
  notes: z.string().trim().max(GAME_NOTES_MAX, vm('atMostCharacters')).default(''),
});
export type GameStatInput = z.input<typeof gameStatInputSchema>;
export type GameStatValues = z.output<typeof gameStatInputSchema>;

const statNumbers = {
  points: z.number().int(),
  rebounds: z.number().int(),
  assists: z.number().int(),
  kills: z.number().int(),
  aces: z.number().int(),
  digs: z.number().int(),
  game_errors: z.number().int(),
};

export const gameStatSchema = z.object({
  id: z.number().int(),
  vs_name: z.string(),
  game_date: z.string(),
  sport: z.enum(gameSports),
  ...statNumbers,
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GameStat = z.infer<typeof gameStatSchema>;

/** Sums over a span of games, and the same per game (one decimal; 0 with no games). */
export const gameTotalsSchema = z.object({
  games: z.number().int(),
  totals: z.object(statNumbers),
  averages: z.object({
    points: z.number(),
    rebounds: z.number(),
    assists: z.number(),
    kills: z.number(),
    aces: z.number(),
    digs: z.number(),
    game_errors: z.number(),
  }),
});
export type GameTotals = z.infer<typeof gameTotalsSchema>;

/** A game as the chart draws it. */
export const gameChartPointSchema = gameStatSchema.pick({
  id: true,
  vs_name: true,
  game_date: true,
  sport: true,
  points: true,
  rebounds: true,
  assists: true,
  kills: true,
  aces: true,
  digs: true,
  game_errors: true,
});
export type GameChartPoint = z.infer<typeof gameChartPointSchema>;

/** How many of the latest games the chart draws. */
export const GAME_CHART_MAX = 60;

export const gameStatsQuerySchema = z.object({ ...cursorQuery });

/**
 * `GET /api/game_stats`: a page of games, newest first, with the season's (the calendar year of
 * the server's today) and all-time totals and averages, the sports played (most games first),
 * and the latest games oldest first for the chart. Totals and chart come with every page.
 */
export const gameStatsPageSchema = pageSchema(gameStatSchema).extend({
  season: gameTotalsSchema.extend({ year: z.number().int() }),
  all_time: gameTotalsSchema,
  sports: z.array(z.enum(gameSports)),
  chart: z.array(gameChartPointSchema),
});
export type GameStatsPage = z.infer<typeof gameStatsPageSchema>;
