import type { Locale } from '@fitcoach/shared/locales';
import { z } from 'zod';
import { weightFromKg, weightUnit, type MeasurementType } from '@fitcoach/shared/units';
import type { BadgeKey } from './badges';
import { text, word, type TextValue } from '../../i18n/i18n';

/**
 * What an achievement says, as a catalogue entry and its values (weights in kilograms): worded
 * when read, in the reader's language and units, so it is stored once for every language
 * (`user_achievements.wording`).
 */
export const achievementWordingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('firstWorkout') }),
  z.object({ kind: z.enum(['workouts', 'streakWeeks', 'streakDays']), n: z.number() }),
  z.object({ kind: z.literal('volume'), n: z.number(), totalKg: z.number() }),
  z.object({
    kind: z.enum(['prWeight', 'prReps', 'prOneRepMax']),
    exercise: z.string(),
    value: z.number(),
    previous: z.number(),
  }),
  /** A challenge's prize; its title is what its creator wrote, shown as written. */
  z.object({ kind: z.literal('challengeWon'), challenge: z.string(), prize: z.string() }),
]);
export type AchievementWording = z.infer<typeof achievementWordingSchema>;

/** One achievement a log may earn; `code` is unique per member (each is awarded once). */
export interface AchievementCandidate {
  code: string;
  badge: BadgeKey;
  wording: AchievementWording;
  /** Higher shows first when one log earns several. */
  priority: number;
  exerciseId?: number;
  value?: number;
}

export const WORKOUT_MILESTONES = [10, 25, 50, 100, 250, 500, 1000] as const;
export const STREAK_DAY_MILESTONES = [3, 7, 14, 30, 60, 100] as const;
export const STREAK_WEEK_MILESTONES = [4, 8, 12, 26, 52] as const;
/** Total kilograms lifted. */
export const VOLUME_MILESTONES = [1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000] as const;

export interface TrainingTotals {
  totalWorkouts: number;
  totalVolumeKg: number;
  streakDays: number;
  streakWeeks: number;
}

// One formatter per language: toLocaleString builds a new Intl.NumberFormat on every call,
// which cost more than the rest of a log's work.
const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberIn(locale: Locale, n: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

function weightText(kg: number, units: MeasurementType, locale: Locale): string {
  return `${numberIn(locale, weightFromKg(kg, units))} ${weightUnit(units)}`;
}

function volumeText(kg: number, units: MeasurementType, locale: Locale): string {
  const number = (n: number) => numberIn(locale, n);
  if (units === 'metric') return kg >= 1000 ? `${number(kg / 1000)} t` : `${number(kg)} kg`;
  return `${number(Math.round(weightFromKg(kg, units)))} lb`;
}

/** An achievement's header and details for one reader. */
export function wordAchievement(
  w: AchievementWording,
  units: MeasurementType,
  locale: Locale,
): { header: string; details: string } {
  const say = (values: Record<string, TextValue>) => ({
    header: word(text(`achievements:${w.kind}.header`, values), locale),
    details: word(text(`achievements:${w.kind}.details`, values), locale),
  });
  switch (w.kind) {
    case 'firstWorkout':
      return say({});
    case 'workouts':
    case 'streakWeeks':
    case 'streakDays':
      return say({ n: String(w.n) });
    case 'volume':
      return say({
        volume: volumeText(w.n, units, locale),
        total: volumeText(w.totalKg, units, locale),
      });
    case 'prReps':
      return say({ exercise: w.exercise, reps: String(w.value), previous: String(w.previous) });
    case 'challengeWon':
      return w.prize
        ? say({ challenge: w.challenge, prize: w.prize })
        : {
            header: word(
              text('achievements:challengeWon.header', { challenge: w.challenge }),
              locale,
            ),
            details: word(
              text('achievements:challengeWon.detailsNoPrize', { challenge: w.challenge }),
              locale,
            ),
          };
    case 'prWeight':
    case 'prOneRepMax':
      return say({
        exercise: w.exercise,
        weight: weightText(w.value, units, locale),
        previous: weightText(w.previous, units, locale),
      });
  }
}

/**
 * Every milestone the totals have reached. The database keeps each one once per member, so
 * offering those already held is harmless; what is new is what gets inserted.
 */
export function milestoneCandidates(t: TrainingTotals): AchievementCandidate[] {
  const out: AchievementCandidate[] = [];
  if (t.totalWorkouts >= 1) {
    out.push({
      code: 'first-workout',
      badge: 'first-workout',
      wording: { kind: 'firstWorkout' },
      priority: 100,
    });
  }
  for (const n of WORKOUT_MILESTONES) {
    if (t.totalWorkouts < n) break;
    out.push({
      code: `workouts-${n}`,
      badge: `workouts-${n}`,
      wording: { kind: 'workouts', n },
      priority: 90 + WORKOUT_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of STREAK_WEEK_MILESTONES) {
    if (t.streakWeeks < n) break;
    out.push({
      code: `streak-weeks-${n}`,
      badge: `streak-weeks-${n}`,
      wording: { kind: 'streakWeeks', n },
      priority: 80 + STREAK_WEEK_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of STREAK_DAY_MILESTONES) {
    if (t.streakDays < n) break;
    out.push({
      code: `streak-days-${n}`,
      badge: `streak-days-${n}`,
      wording: { kind: 'streakDays', n },
      priority: 70 + STREAK_DAY_MILESTONES.indexOf(n) / 10,
    });
  }
  for (const n of VOLUME_MILESTONES) {
    if (t.totalVolumeKg < n) break;
    out.push({
      code: `volume-${n}`,
      badge: `volume-${n}`,
      wording: { kind: 'volume', n, totalKg: t.totalVolumeKg },
      priority: 60 + VOLUME_MILESTONES.indexOf(n) / 10,
    });
  }
  return out;
}

export type RecordKind = 'weight' | 'reps' | 'one_rep_max';

/** A record beaten by this log: the previous best and the new one (kilograms or reps). */
export interface RecordImprovement {
  exerciseId: number;
  exerciseName: string;
  kind: RecordKind;
  previous: number;
  value: number;
}

export function recordCandidate(r: RecordImprovement): AchievementCandidate {
  const rounded = Math.round(r.value * 100) / 100;
  const values = { exercise: r.exerciseName, value: r.value, previous: r.previous };
  switch (r.kind) {
    case 'weight':
      return {
        code: `pr-weight:${r.exerciseId}:${rounded}`,
        badge: 'pr-weight',
        wording: { kind: 'prWeight', ...values },
        priority: 45,
        exerciseId: r.exerciseId,
        value: r.value,
      };
    case 'reps':
      return {
        code: `pr-reps:${r.exerciseId}:${rounded}`,
        badge: 'pr-reps',
        wording: { kind: 'prReps', ...values },
        priority: 40,
        exerciseId: r.exerciseId,
        value: r.value,
      };
    case 'one_rep_max':
      return {
        code: `pr-1rm:${r.exerciseId}:${rounded}`,
        badge: 'pr-1rm',
        wording: { kind: 'prOneRepMax', ...values },
        priority: 50,
        exerciseId: r.exerciseId,
        value: r.value,
      };
  }
}

/**
 * A stored achievement's header and details for one reader: worded from its `wording`, or, for
 * one awarded before achievements were stored that way, its English text as written then.
 */
export function storedAchievementText(
  stored: { header: string; details: string; wording: unknown },
  units: MeasurementType,
  locale: Locale,
): { header: string; details: string } {
  const parsed = achievementWordingSchema.safeParse(stored.wording);
  if (!parsed.success) return { header: stored.header, details: stored.details };
  return wordAchievement(parsed.data, units, locale);
}

/** The achievement to show in the modal when a log earns several. */
export function headline<T extends { priority: number }>(awarded: T[]): T | null {
  return awarded.reduce<T | null>(
    (best, a) => (best === null || a.priority > best.priority ? a : best),
    null,
  );
}

export function badgeUrl(badge: string): string {
  return `/achievements/${badge}.svg`;
}
