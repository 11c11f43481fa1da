import { DEFAULT_LOCALE } from '@fitcoach/shared/locales';
import type { Page } from '@fitcoach/shared/pagination';
import { weightFromKg, weightToKg, weightUnit } from '@fitcoach/shared/units';
import {
  chartDataSchema,
  workoutLogPageSchema,
  type ChartData,
  type LogResult,
  type WorkoutLog,
} from '@fitcoach/shared/workout-logs';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import { decodeCursor, toPage } from '../../lib/cursor';
import { groupBy } from '../../lib/group-by';
import { translate } from '../../i18n/i18n';
import { notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import {
  badgeUrl,
  headline,
  milestoneCandidates,
  recordCandidate,
  wordAchievement,
  type AchievementCandidate,
} from '../achievements/achievement-catalog';
import { improvements, maxBests, summarizeSets, type Bests } from '../achievements/records';
import {
  dayStreak,
  longestDayStreak,
  mondayOf,
  todayUtc,
  weekStreak,
} from '../achievements/streaks';
import { claimForLog, finishForLog } from '../guided/guided.service';
import { findVisibleWorkout } from '../workouts/workouts.service';
import { checkExercises, type ParsedCompletedExercise } from '../exercises/completed-exercises';
import * as repo from './workout-logs.repository';

/** What every kind of log (workout, guided, manual) records, after validation. */
export type LogEntry = Pick<
  repo.LogWrite,
  | 'workoutId'
  | 'title'
  | 'source'
  | 'performedOn'
  | 'durationSeconds'
  | 'note'
  | 'likedOrDisliked'
  | 'energyLevel'
  | 'sleepQuality'
> & {
  completed: ParsedCompletedExercise[];
  guidedSessionId?: number;
};

/** The sets actually done: a set with no reps and no time was not done. */
function setsDone(e: ParsedCompletedExercise, units: Viewer['measurementType']) {
  return e.reps
    .map((reps, i) => ({
      setNumber: i + 1,
      reps,
      weightKg: weightToKg(e.weights[i] ?? 0, units),
      durationSeconds: e.durations[i] ?? null,
    }))
    .filter((s) => s.reps > 0 || (s.durationSeconds ?? 0) > 0)
    .map((s, i) => ({ ...s, setNumber: i + 1 }));
}

function toAchievementRow(
  userId: number,
  logId: number,
  units: Viewer['measurementType'],
  c: AchievementCandidate,
) {
  // English text too: what a reader of the table (or a rolled-back release) can show.
  const english = wordAchievement(c.wording, units, DEFAULT_LOCALE);
  return {
    userId,
    logId,
    code: c.code,
    badge: c.badge,
    header: english.header,
    details: english.details,
    wording: c.wording,
    exerciseId: c.exerciseId ?? null,
    value: c.value ?? null,
  };
}

const NO_TOTALS = { totalWorkouts: 0, totalVolumeKg: 0, streakDays: 0, streakWeeks: 0 };

/**
 * Writes a log, its exercises and sets, the records it beats, the running totals and streaks,
 * and the achievements it earns, all in one transaction: bad input writes nothing. The common
 * case is a single statement between BEGIN and COMMIT.
 */
async function recordLog(ctx: ServiceContext, viewer: Viewer, entry: LogEntry): Promise<LogResult> {
  const units = viewer.measurementType;
  const { completed, guidedSessionId, ...fields } = entry;
  const known = await checkExercises(ctx.db, completed, 'completedExercises');
  const items = completed
    .map((e, position) => {
      const sets = setsDone(e, units);
      return { e, position, sets, summary: summarizeSets(sets) };
    })
    .filter((item) => item.sets.length > 0);

  // One exercise may appear in several groups: its session best is the best of them. Timed
  // exercises count a finished interval as one "rep", which is no record to beat.
  const sessionBests = new Map<number, Bests>();
  for (const item of items) {
    if (known.get(item.e.exercise_id)?.kind === 'timed') continue;
    const id = item.e.exercise_id;
    const prev = sessionBests.get(id);
    sessionBests.set(id, prev ? maxBests(prev, item.summary) : item.summary);
  }
  const payload: repo.LogWrite = {
    ...fields,
    lockNamespace: repo.LOG_LOCK_NAMESPACE,
    userId: viewer.id,
    isAdmin: viewer.role === 'admin',
    totalVolumeKg: items.reduce((sum, i) => sum + i.summary.volumeKg, 0),
    totalReps: items.reduce((sum, i) => sum + i.summary.totalReps, 0),
    exercises: items.map(({ e, position, summary }) => ({
      position,
      exerciseId: e.exercise_id,
      note: e.note ?? null,
      volumeKg: summary.volumeKg,
      bestWeightKg: summary.bestWeightKg,
      maxReps: summary.maxReps,
      bestOneRepMaxKg: summary.bestOneRepMaxKg,
    })),
    sets: items.flatMap(({ position, sets }) => sets.map((set) => ({ position, ...set }))),
    records: [...sessionBests].map(([exerciseId, bests]) => ({ exerciseId, ...bests })),
  };

  return ctx.transaction(async (tx, changes) => {
    // fitcoach_write_log takes the member's lock itself; a guided session is claimed first.
    if (guidedSessionId !== undefined && entry.workoutId !== null) {
      await claimForLog(tx, viewer, guidedSessionId, entry.workoutId);
    }
    const written = await repo.writeLog(tx, payload);
    if (!written) throw notFound('workout');
    const before = written.before ?? { ...NO_TOTALS, lastWorkoutOn: null };

    // A log dated before the last one: streaks are recounted from the history.
    let after = written.after;
    if (before.lastWorkoutOn && entry.performedOn < before.lastWorkoutOn) {
      const refreshed = await refreshStreaks(tx, viewer.id);
      if (refreshed)
        after = { ...after, streakDays: refreshed.streakDays, streakWeeks: refreshed.streakWeeks };
    }

    const previous = new Map(written.previousRecords.map((r) => [r.exerciseId, r]));
    const candidates: AchievementCandidate[] = [];
    for (const [exerciseId, bests] of sessionBests) {
      const exercise = {
        id: exerciseId,
        name: known.get(exerciseId)?.name ?? translate(viewer.locale, 'achievements:anExercise'),
      };
      for (const improvement of improvements(exercise, previous.get(exerciseId), bests)) {
        candidates.push(recordCandidate(improvement));
      }
    }
    // Milestones this log crossed (each is awarded once; the database has the last word).
    const reachedBefore = new Set(milestoneCandidates(before).map((c) => c.code));
    candidates.push(...milestoneCandidates(after).filter((c) => !reachedBefore.has(c.code)));
    const newCodes =
      candidates.length === 0
        ? new Set<string>()
        : await repo.awardAchievements(
            tx,
            candidates.map((c) => toAchievementRow(viewer.id, written.logId, units, c)),
          );
    const awarded = candidates.filter((c) => newCodes.has(c.code));

    if (guidedSessionId !== undefined) await finishForLog(tx, guidedSessionId, written.logId);
    changes.emit({ kind: 'logs', userId: viewer.id });

    const toWire = (c: AchievementCandidate) => ({
      img: badgeUrl(c.badge),
      ...wordAchievement(c.wording, units, viewer.locale),
    });
    const best = headline(awarded);
    return {
      log_id: written.logId,
      achievement: best ? toWire(best) : null,
      achievements: [...awarded].sort((a, b) => b.priority - a.priority).map(toWire),
    };
  });
}

/** Streaks from the distinct training days (correct for back-dated logs too). */
async function refreshStreaks(db: Executor, userId: number) {
  const days = await repo.trainingDays(db, userId);
  return repo.setStreaks(db, userId, {
    streakDays: dayStreak(days),
    longestStreakDays: longestDayStreak(days),
    streakWeeks: weekStreak(days),
    lastWorkoutOn: days[0] ?? null,
  });
}

export async function logWorkout(
  ctx: ServiceContext,
  viewer: Viewer,
  workoutId: number,
  input: {
    note: string;
    liked_or_disliked: 'liked' | 'disliked' | null;
    completedExercises: ParsedCompletedExercise[];
    energy_level: number;
    sleep_quality: number;
    performed_on?: string | undefined;
    duration_seconds?: number | undefined;
    guided_session_id?: number | undefined;
  },
): Promise<LogResult> {
  // Visibility and the title are settled inside the write itself.
  return recordLog(ctx, viewer, {
    workoutId,
    title: '',
    source: input.guided_session_id === undefined ? 'workout' : 'guided',
    performedOn: input.performed_on ?? todayUtc(),
    durationSeconds: input.duration_seconds ?? null,
    note: input.note,
    likedOrDisliked: input.liked_or_disliked,
    energyLevel: input.energy_level,
    sleepQuality: input.sleep_quality,
    completed: input.completedExercises,
    ...(input.guided_session_id === undefined ? {} : { guidedSessionId: input.guided_session_id }),
  });
}

export async function logManual(
  ctx: ServiceContext,
  viewer: Viewer,
  input: {
    title: string;
    performed_on: string;
    duration_minutes: number | null;
    note: string;
    energy_level: number;
    sleep_quality: number;
    completedExercises: ParsedCompletedExercise[];
  },
): Promise<LogResult> {
  return recordLog(ctx, viewer, {
    workoutId: null,
    title: input.title,
    source: 'manual',
    performedOn: input.performed_on,
    durationSeconds: input.duration_minutes === null ? null : input.duration_minutes * 60,
    note: input.note,
    likedOrDisliked: null,
    energyLevel: input.energy_level,
    sleepQuality: input.sleep_quality,
    completed: input.completedExercises,
  });
}

/** Deletes one of the member's logs and brings totals, streaks and records back in line. */
export async function deleteLog(ctx: ServiceContext, viewer: Viewer, logId: number) {
  const log = await repo.findLog(ctx.db, logId);
  if (!log || log.userId !== viewer.id) throw notFound('workoutLog');
  await ctx.transaction(async (tx, changes) => {
    await repo.lockMemberLogs(tx, viewer.id);
    const exerciseIds = await repo.deleteLog(tx, logId);
    await repo.recomputeRecords(tx, viewer.id, exerciseIds);
    await repo.recomputeTotals(tx, viewer.id);
    await refreshStreaks(tx, viewer.id);
    changes.emit({ kind: 'logs', userId: viewer.id });
  });
}

const historyCursor = z.object({ performedOn: z.string(), id: z.number().int() });

/**
 * The history as the page asks for it. The first page, what the history page opens with, is
 * served from memory until the member's logs change; later pages and one workout's logs are
 * read each time.
 */
export async function historyAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  query: { workout_id?: number | undefined; cursor?: string | undefined; limit: number },
): Promise<PreparedAnswer> {
  const build = () => listLogs(ctx.db, viewer, query);
  if (query.cursor || query.workout_id !== undefined) {
    return ctx.answers.uncached(build, workoutLogPageSchema);
  }
  return ctx.answers.get(answerKeys.history(viewer.id, query.limit), build, workoutLogPageSchema);
}

async function listLogs(
  db: Executor,
  viewer: Viewer,
  query: { workout_id?: number | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<WorkoutLog>> {
  const rows = await repo.listLogs(db, {
    userId: viewer.id,
    workoutId: query.workout_id ?? null,
    after: decodeCursor(query.cursor, historyCursor),
    limit: query.limit,
  });
  const pageRows = rows.slice(0, query.limit);
  const { items, sets } = await repo.detailsOfLogs(
    db,
    pageRows.map((r) => r.id),
  );
  const units = viewer.measurementType;
  const setsByItem = groupBy(sets, (s) => s.logExerciseId);
  const itemsByLog = groupBy(items, (i) => i.logId);
  return toPage(
    rows,
    query.limit,
    (log) => ({
      id: log.id,
      workout_id: log.workoutId,
      title: log.title,
      source: log.source,
      performed_on: log.performedOn,
      created_at: log.createdAt.toISOString(),
      duration_seconds: log.durationSeconds,
      note: log.note,
      liked_or_disliked: log.likedOrDisliked,
      energy_level: log.energyLevel,
      sleep_quality: log.sleepQuality,
      total_volume: weightFromKg(log.totalVolumeKg, units),
      total_reps: log.totalReps,
      exercises: (itemsByLog.get(log.id) ?? []).map((item) => ({
        exercise_id: item.exerciseId,
        name: item.name,
        note: item.note,
        sets: (setsByItem.get(item.id) ?? []).map((s) => ({
          set_number: s.setNumber,
          reps: s.reps,
          weight: weightFromKg(s.weightKg, units),
          duration_seconds: s.durationSeconds,
        })),
      })),
    }),
    (log) => ({ performedOn: log.performedOn, id: log.id }),
  );
}

const CHART_SESSIONS = 60;
const CHART_WEEKS = 26;
const CHART_EXERCISES = 6;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The history page's charts, cached until the member's logs (or units, or the workout) change. */
export function chartAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  workoutId: number | null,
): Promise<PreparedAnswer> {
  return ctx.answers.get(
    answerKeys.chart(viewer.id, workoutId, todayUtc()),
    () => chartData(ctx.db, viewer, workoutId),
    chartDataSchema,
  );
}

/** The history page's charts, from the last 60 sessions (and the last 26 weeks for frequency). */
async function chartData(
  db: Executor,
  viewer: Viewer,
  workoutId: number | null,
): Promise<ChartData> {
  if (workoutId !== null) await findVisibleWorkout(db, viewer, workoutId);
  const units = viewer.measurementType;
  const sessions = (await repo.recentSessions(db, viewer.id, workoutId, CHART_SESSIONS)).reverse();
  const today = todayUtc();
  const firstMonday = mondayOf(addDays(today, -7 * (CHART_WEEKS - 1)));
  const [oneRm, perDay] = await Promise.all([
    repo.oneRepMaxByDay(
      db,
      sessions.map((s) => s.id),
    ),
    repo.sessionsPerDaySince(db, viewer.id, workoutId, firstMonday),
  ]);

  // The most-trained exercises make readable lines; a dozen lines do not.
  const frequency = new Map<number, { name: string; n: number }>();
  for (const p of oneRm) {
    const f = frequency.get(p.exerciseId) ?? { name: p.name, n: 0 };
    f.n += 1;
    frequency.set(p.exerciseId, f);
  }
  const top = [...frequency]
    .sort((a, b) => b[1].n - a[1].n || a[1].name.localeCompare(b[1].name))
    .slice(0, CHART_EXERCISES);
  const topIds = new Set(top.map(([id]) => id));

  const weeks = new Map<string, number>();
  for (let week = firstMonday; week <= today; week = addDays(week, 7)) weeks.set(week, 0);
  for (const d of perDay) {
    const monday = mondayOf(d.day);
    weeks.set(monday, (weeks.get(monday) ?? 0) + Number(d.sessions));
  }

  return {
    workout_id: workoutId,
    weight_unit: weightUnit(units),
    volume: sessions.map((s) => ({
      date: s.performedOn,
      log_id: s.id,
      volume: weightFromKg(s.volumeKg, units),
    })),
    one_rep_max: {
      exercises: top.map(([id, f]) => ({ exercise_id: id, name: f.name })),
      points: oneRm
        .filter((p) => topIds.has(p.exerciseId))
        .map((p) => ({
          date: p.day,
          exercise_id: p.exerciseId,
          value: weightFromKg(Number(p.value), units),
        })),
    },
    sessions_per_week: [...weeks].map(([week_start, n]) => ({ week_start, sessions: n })),
    wellbeing: sessions.map((s) => ({
      date: s.performedOn,
      log_id: s.id,
      energy_level: s.energyLevel,
      sleep_quality: s.sleepQuality,
    })),
  };
}

/**
 * Totals and streaks recounted from the member's logs, for logs written outside `recordLog`
 * (the demo data).
 */
export async function recountTotals(db: Executor, userId: number): Promise<void> {
  await repo.recomputeTotals(db, userId);
  await refreshStreaks(db, userId);
}
