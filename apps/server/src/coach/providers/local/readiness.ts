import type { Locale } from '@fitcoach/shared/locales';
import type { WorkoutInputParsed } from '@fitcoach/shared/workouts';
import { listIn, say } from '../../coach-text';
import { isBookendNotes } from './session-types';

type Group = WorkoutInputParsed['groups'][number];

/** A recent log's self-ratings (1–5), newest first. */
export interface RecentLog {
  performedOn: string;
  energyLevel: number;
  sleepQuality: number;
}

export interface ReadinessInput {
  /** The member's latest logs, newest first (any workout). */
  recentLogs: readonly RecentLog[];
  /** Program sessions scheduled before today in the last two weeks that were not logged. */
  missedSessions: number;
  /**
   * The days the member played a game (personal game stats), any order. A game is a hard
   * session: one today or yesterday eases today's session like a poorly rated log does.
   */
  recentGameDays?: readonly string[];
  /** Today's date (YYYY-MM-DD), so old logs stop counting. */
  today: string;
  /** The language the reason is written in (default English). */
  locale?: Locale;
}

export interface Readiness {
  /** 1 = as planned; lower = less volume (sets) and more rest. */
  volume: number;
  /** Why, in a sentence for the member; empty when nothing changed. */
  reason: string;
}

/** How many of the latest logs are read, and how old they may be. */
const LOGS_READ = 2;
const LOG_MAX_AGE_DAYS = 7;
const LOW_RATING = 2;
/** How many days after a game its load still counts: the game day and the day after. */
export const GAME_RECOVERY_DAYS = 1;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Decides how hard today's session should be from how the member said they felt in their last
 * logs (energy or sleep rated 1–2) and from the program sessions they missed. Each reason takes
 * some volume off; together they take more.
 */
export function assessReadiness(input: ReadinessInput): Readiness {
  const recent = input.recentLogs.slice(0, LOGS_READ).filter((l) => {
    const age = daysBetween(l.performedOn, input.today);
    return age >= 0 && age <= LOG_MAX_AGE_DAYS;
  });
  const lowEnergy = recent.filter((l) => l.energyLevel <= LOW_RATING).length;
  const poorSleep = recent.filter((l) => l.sleepQuality <= LOW_RATING).length;
  const locale = input.locale;
  const reasons: string[] = [];
  let volume = 1;
  if (lowEnergy > 0) {
    reasons.push(say(locale, lowEnergy > 1 ? 'readiness.lowEnergyTwice' : 'readiness.lowEnergy'));
    volume -= 0.25;
  }
  if (poorSleep > 0) {
    reasons.push(say(locale, poorSleep > 1 ? 'readiness.poorSleepTwice' : 'readiness.poorSleep'));
    volume -= 0.25;
  }
  const gameAges = (input.recentGameDays ?? [])
    .map((day) => daysBetween(day, input.today))
    .filter((age) => age >= 0 && age <= GAME_RECOVERY_DAYS);
  if (gameAges.length > 0) {
    reasons.push(
      say(locale, Math.min(...gameAges) === 0 ? 'readiness.gameToday' : 'readiness.gameYesterday'),
    );
    volume -= 0.25;
  }
  if (input.missedSessions >= 2) {
    reasons.push(say(locale, 'readiness.missedMany', { count: input.missedSessions }));
    volume -= 0.25;
  } else if (input.missedSessions === 1) {
    reasons.push(say(locale, 'readiness.missedOne'));
    volume -= 0.15;
  }
  volume = Math.max(0.4, Math.round(volume * 100) / 100);
  if (reasons.length === 0) return { volume: 1, reason: '' };
  const cut = Math.round((1 - volume) * 100);
  return {
    volume,
    reason: say(locale, 'readiness.eased', { cut, reasons: listIn(locale, reasons) }),
  };
}

const isBookend = (g: Group) => isBookendNotes(g.notes);

/**
 * Lowers a session's volume and intensity: fewer sets (never below one) and longer rests in the
 * main part. A Tabata keeps its 8 × 20 s / 10 s shape (that is what makes it a Tabata) and gets
 * a longer recovery after it instead. The warm-up and cool-down stay as they are.
 */
export function adaptSession(
  workout: WorkoutInputParsed,
  readiness: Readiness,
): WorkoutInputParsed {
  if (readiness.volume >= 1) return workout;
  const restFactor = 1 + (1 - readiness.volume);
  const groups = workout.groups.map((g): Group => {
    if (isBookend(g)) return g;
    // "Tabata" in every language the notes are written in.
    const tabata = g.notes.startsWith('Tabata');
    return {
      ...g,
      rest_seconds: Math.min(900, Math.round(g.rest_seconds * restFactor) + (tabata ? 60 : 0)),
      exercises: g.exercises.map((e) => ({
        ...e,
        sets: tabata ? e.sets : Math.max(1, Math.round(e.sets * readiness.volume)),
        rest_seconds: tabata
          ? e.rest_seconds
          : Math.min(900, Math.round(e.rest_seconds * restFactor)),
      })),
    };
  });
  return { ...workout, groups };
}
