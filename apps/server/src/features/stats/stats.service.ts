import type { PersonalStats } from '@fitcoach/shared/workout-logs';
import { round2, weightFromKg, weightUnit } from '@fitcoach/shared/units';
import type { Viewer } from '../../lib/viewer';
import { badgeUrl, storedAchievementText } from '../achievements/achievement-catalog';
import { isStreakAlive, isWeekStreakAlive, todayUtc } from '../achievements/streaks';
import * as repo from './stats.repository';
import type { ServiceContext } from '../../lib/service-context';

/** The personal stats modal: totals, streaks, records and achievements. */
export async function personalStats(
  { db }: ServiceContext,
  viewer: Viewer,
): Promise<PersonalStats> {
  const units = viewer.measurementType;
  const [stats, records, achievements] = await Promise.all([
    repo.findStats(db, viewer.id),
    repo.recordsWithNames(db, viewer.id),
    repo.achievementsOf(db, viewer.id),
  ]);
  const today = todayUtc();
  const last = stats?.lastWorkoutOn ?? null;
  const weightOrNull = (kg: number) => (kg > 0 ? weightFromKg(kg, units) : null);
  return {
    weight_unit: weightUnit(units),
    totals: {
      workouts: stats?.totalWorkouts ?? 0,
      volume: round2(weightFromKg(stats?.totalVolumeKg ?? 0, units)),
      reps: stats?.totalReps ?? 0,
      minutes: Math.round((stats?.totalSeconds ?? 0) / 60),
    },
    current_streak_days: isStreakAlive(last, today) ? (stats?.streakDays ?? 0) : 0,
    longest_streak_days: stats?.longestStreakDays ?? 0,
    current_streak_weeks: isWeekStreakAlive(last, today) ? (stats?.streakWeeks ?? 0) : 0,
    last_workout_on: last,
    personal_records: records.map(({ record, name }) => ({
      exercise_id: record.exerciseId,
      name,
      heaviest_weight: weightOrNull(record.heaviestWeightKg),
      most_reps: record.mostReps > 0 ? record.mostReps : null,
      best_one_rep_max: weightOrNull(record.bestOneRepMaxKg),
      achieved_on: record.achievedOn,
    })),
    achievements: achievements.map((a) => ({
      code: a.code,
      img: badgeUrl(a.badge),
      ...storedAchievementText(a, units, viewer.locale),
      awarded_at: a.awardedAt.toISOString(),
    })),
  };
}
