import { describe, expect, it } from 'vitest';
import {
  BASKETBALL_POINTS,
  emptyCounts,
  mergeGame,
  mergeRow,
  statLine,
  teamStatRowUpdateSchema,
  totalPoints,
  type TeamGame,
  type TeamStatRow,
} from './team-stats';

const row = (playerId: number, version: number, over: Partial<TeamStatRow> = {}): TeamStatRow => ({
  player_id: playerId,
  player_name: `P${playerId}`,
  jersey_number: playerId,
  ...emptyCounts(),
  total_points: 0,
  version,
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

const game = (over: Partial<TeamGame> = {}): TeamGame => ({
  id: 1,
  team_id: 2,
  vs_name: 'Eagles',
  game_date: '2026-01-01',
  status: 'open',
  version: 1,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  finalized_at: null,
  team_points: 0,
  rows: [],
  ...over,
});

describe('team game stats math', () => {
  it("counts the spec's points: 2, 3 and 1", () => {
    expect(BASKETBALL_POINTS).toEqual({ two: 2, three: 3, free: 1 });
    expect(totalPoints({ two_point_fg_made: 5, three_point_fg_made: 2, free_throws_made: 4 })).toBe(
      20,
    );
  });

  it('works out FG (2P + 3P), 3P, FT, eFG and TS percentages, null without attempts', () => {
    const line = statLine(
      {
        ...emptyCounts(),
        two_point_fg_attempted: 10,
        two_point_fg_made: 5,
        three_point_fg_attempted: 4,
        three_point_fg_made: 2,
        free_throws_attempted: 5,
        free_throws_made: 4,
      },
      2,
    );
    expect(line).toMatchObject({
      points: 20,
      points_per_game: 10,
      field_goals_made: 7,
      field_goals_attempted: 14,
      fg_pct: 0.5,
      three_pct: 0.5,
      ft_pct: 0.8,
      efg_pct: 0.5714,
      ts_pct: 0.6173,
    });
    expect(statLine(emptyCounts(), 0)).toMatchObject({
      fg_pct: null,
      three_pct: null,
      ft_pct: null,
      efg_pct: null,
      ts_pct: null,
      points_per_game: 0,
    });
    // Free throws only: no field goals, but true shooting still counts them.
    expect(
      statLine({ ...emptyCounts(), free_throws_attempted: 2, free_throws_made: 1 }, 1).ts_pct,
    ).toBe(0.5682);
  });

  it('refuses made above attempted on the made field', () => {
    const parsed = teamStatRowUpdateSchema.safeParse({
      free_throws_attempted: 1,
      free_throws_made: 2,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['free_throws_made']);
  });
});

describe('merging live copies by version', () => {
  it('keeps the newer row whatever order copies arrive in', () => {
    const held = game({ rows: [row(1, 3, { total_points: 6 })], team_points: 6 });
    expect(mergeRow(held, row(1, 2, { total_points: 1 }))).toBe(held);
    const newer = mergeRow(held, row(1, 4, { total_points: 9 }));
    expect(newer.rows).toEqual([row(1, 4, { total_points: 9 })]);
    expect(newer.team_points).toBe(9);
    const added = mergeRow(newer, row(2, 1, { total_points: 2 }));
    expect(added.team_points).toBe(11);
  });

  it('takes a newer header, keeps newer rows from an older copy, and drops rows a final game left out', () => {
    const held = game({ version: 2, vs_name: 'Hawks', rows: [row(1, 5), row(2, 1)] });
    const olderCopy = game({ version: 1, vs_name: 'Eagles', rows: [row(1, 4)] });
    const merged = mergeGame(held, olderCopy);
    expect(merged.vs_name).toBe('Hawks');
    expect(merged.rows.map((r) => [r.player_id, r.version])).toEqual([
      [1, 5],
      [2, 1],
    ]);
    const final = mergeGame(
      held,
      game({ version: 3, status: 'final', rows: [row(1, 6, { total_points: 2 })] }),
    );
    expect(final).toMatchObject({ status: 'final', team_points: 2 });
    expect(final.rows.map((r) => r.player_id)).toEqual([1]);
  });
});
