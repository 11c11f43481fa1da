import {
  gameStatFields,
  gameStatInputSchema,
  type GameSport,
  type GameStat,
  type GameStatField,
  type GameStatInput,
} from '@fitcoach/shared/game-stats';
import { vm } from '@fitcoach/shared/validation-messages';
import { i18n } from '../../../i18n/i18n';
import { zodErrors } from '../../../lib/form-errors';
import { localDate } from '../../../lib/local-date';

/** What the game form holds; NumberInput gives '' for a field emptied by hand. */
export type GameFormValues = {
  vs_name: string;
  game_date: string;
  sport: GameSport;
  notes: string;
} & Record<GameStatField, number | string>;

export function initialGameValues(today: string, game?: GameStat): GameFormValues {
  if (game) {
    return {
      vs_name: game.vs_name,
      game_date: game.game_date,
      sport: game.sport,
      notes: game.notes,
      ...Object.fromEntries(gameStatFields.map((f) => [f, game[f]])),
    } as GameFormValues;
  }
  return {
    vs_name: '',
    game_date: today,
    sport: 'basketball',
    notes: '',
    ...Object.fromEntries(gameStatFields.map((f) => [f, 0])),
  } as GameFormValues;
}

/** An emptied stat counts as 0: nothing scored, as the field started. */
export function toGameInput(values: GameFormValues): GameStatInput {
  const stats = Object.fromEntries(
    gameStatFields.map((f) => [f, values[f] === '' ? 0 : Number(values[f])]),
  ) as Record<GameStatField, number>;
  return {
    vs_name: values.vs_name,
    game_date: values.game_date,
    sport: values.sport,
    notes: values.notes,
    ...stats,
  };
}

/** A saved game as the form it was made with (to put it back after an undone delete). */
export function inputOfGame(game: GameStat): GameStatInput {
  return toGameInput(initialGameValues(game.game_date, game));
}

/** The member's own tomorrow: the last day a game may be dated (a late game past midnight). */
export function latestGameDate(now = new Date()): string {
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return localDate(tomorrow);
}

/**
 * The contract's checks, worded from the shared validation catalogue in the language shown,
 * plus "not after tomorrow" in the member's own calendar (the server allows a little more for
 * time zones).
 */
export function validateGame(values: GameFormValues, now = new Date()): Record<string, string> {
  const parsed = gameStatInputSchema.safeParse(toGameInput(values));
  const errors = parsed.success ? {} : zodErrors(parsed.error);
  if (!errors.game_date && values.game_date > latestGameDate(now)) {
    errors.game_date = i18n.t(vm('dateInFuture'));
  }
  return errors;
}
