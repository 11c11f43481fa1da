import type { TFunction } from 'i18next';
import type { ExerciseKind } from '@fitcoach/shared/exercises';
import { formatNumber } from '../../i18n/format';

/*
 * Words for an exercise's kind and duration in the shown language: each function takes `t`
 * and the locale, so the badge and the unit tests share them in any language.
 */

type T = TFunction<'exercises'>;

/** A duration as members read it on a card: "45 s", "1 min", "1 min 30 s". */
export function formatDuration(t: T, locale: string, totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const n = (value: number) => formatNumber(locale, value);
  if (seconds < 60) return t('duration.seconds', { seconds: n(seconds) });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? t('duration.minutes', { minutes: n(minutes) })
    : t('duration.minutesSeconds', { minutes: n(minutes), seconds: n(rest) });
}

/** "Reps", or "Timed · 30 s" with the default duration when there is one. */
export function exerciseKindLabel(
  t: T,
  locale: string,
  exercise: { kind: ExerciseKind; default_duration_seconds: number | null },
): string {
  switch (exercise.kind) {
    case 'reps':
      return t('kind.reps');
    case 'timed':
      return exercise.default_duration_seconds === null
        ? t('kind.timed')
        : t('kind.timedWith', {
            duration: formatDuration(t, locale, exercise.default_duration_seconds),
          });
  }
}
