import {
  countsOf,
  emptyCounts,
  overAttempted,
  type TeamGame,
  type TeamStatCounts,
  type TeamStatField,
  type TeamStatRowInput,
} from '@fitcoach/shared/team-stats';
import type { TeamMember } from '@fitcoach/shared/teams';

/** A row of the sheet: who, and what the name column shows. */
export interface SheetPlayer {
  player_id: number;
  name: string;
  jersey_number: number | null;
}

export interface SheetHeader {
  vs_name: string;
  game_date: string;
}

const byJersey = (a: SheetPlayer, b: SheetPlayer) =>
  (a.jersey_number ?? Number.MAX_SAFE_INTEGER) - (b.jersey_number ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name);

/**
 * The sheet's rows. A final game shows its own rows (as they were on the day). Otherwise one row
 * per player on the roster, by jersey, plus anyone else a scorer already gave a row to (a coach
 * who played).
 */
export function sheetPlayers(members: readonly TeamMember[], game: TeamGame | undefined) {
  const fromGame = (game?.rows ?? []).map((r) => ({
    player_id: r.player_id,
    name: r.player_name,
    jersey_number: r.jersey_number,
  }));
  if (game?.status === 'final') return fromGame.sort(byJersey);
  const players: SheetPlayer[] = members
    .filter((m) => m.role === 'player')
    .map((m) => ({ player_id: m.user_id, name: m.name, jersey_number: m.jersey_number }));
  const listed = new Set(players.map((p) => p.player_id));
  const onRoster = new Set(members.map((m) => m.user_id));
  // A row of someone who has left the team cannot be submitted (they are not on it): not shown.
  const others = fromGame.filter((p) => !listed.has(p.player_id) && onRoster.has(p.player_id));
  return [...players, ...others].sort(byJersey);
}

/** What a cell shows: the scorer's unsaved change, else the game's row, else 0. */
export function shownCounts(
  playerId: number,
  drafts: Readonly<Record<number, TeamStatCounts>>,
  game: TeamGame | undefined,
): TeamStatCounts {
  const draft = drafts[playerId];
  if (draft) return draft;
  const row = game?.rows.find((r) => r.player_id === playerId);
  return row ? countsOf(row) : emptyCounts();
}

/** A NumberInput's value as a count: cleared or partial input counts as 0. */
export function countValue(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The made fields of a row that are over their attempts. */
export function madeErrors(counts: TeamStatCounts): Partial<Record<TeamStatField, true>> {
  return Object.fromEntries(overAttempted(counts).map((p) => [p.made, true]));
}

/** The spec's rows, one per player of the sheet, each carrying the header. */
export function submittedRows(
  header: SheetHeader,
  players: readonly SheetPlayer[],
  countsFor: (playerId: number) => TeamStatCounts,
): TeamStatRowInput[] {
  return players.map((p) => {
    const counts = countsFor(p.player_id);
    return {
      vs_name: header.vs_name.trim(),
      game_date: header.game_date,
      player_name: p.name,
      player_id: p.player_id,
      ...countsOf(counts),
    };
  });
}
