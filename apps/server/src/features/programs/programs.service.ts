import { randomInt } from 'node:crypto';
import type { Equipment } from '@fitcoach/shared/exercises';
import type { Locale } from '@fitcoach/shared/locales';
import { weightUnit } from '@fitcoach/shared/units';
import {
  addDays,
  daysBetween,
  dayStatus,
  followDate,
  followEndsOn,
  followPlace,
  pauseOf,
  weeklyAdherence,
  type FollowSchedule,
} from '@fitcoach/shared/program-schedule';
import {
  isoWeekdayOf,
  programDayOffset,
  type FollowActionInput,
  type ProgramDetail,
  type ProgramFollow,
  type ProgramEntry,
  type ProgramList,
  type ProgramListQuery,
  type ProgramSummary,
  programTodaySchema,
  type ProgramToday,
  type ShareProgramInput,
  type programInputSchema,
  type ShareProgramResult,
  type StartProgramInput,
} from '@fitcoach/shared/programs';
import type { z } from 'zod';
import type { VirtualTrainerRequest } from '@fitcoach/shared/virtual-trainer';
import { workoutInputOf } from '@fitcoach/shared/workouts';
import { say } from '../../coach/coach-text';
import { exclusionsFromMemories } from '../../coach/providers/local/memory-exclusions';
import { appModel, fallbackNotice } from '../../coach/providers/app-model';
import {
  planProgram,
  type PlannedProgram,
  type ProgramInput,
} from '../../coach/providers/local/program-planner';
import { applySwaps, pickSessionExercises } from '../../coach/providers/model-sessions';
import type { AiFailure, OpenAiProvider } from '../../coach/providers/openai';
import {
  adaptSession,
  assessReadiness,
  GAME_RECOVERY_DAYS,
} from '../../coach/providers/local/readiness';
import { localSessionPlanner } from '../../coach/providers/local/session-planner';
import type { SessionPlanner } from '../../coach/providers/local/session-types';
import type { Executor } from '../../db/client';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
  type IssueText,
} from '../../lib/http-error';
import { text, translate } from '../../i18n/i18n';
import { answerKeys, type PreparedAnswer } from '../../lib/answer-cache';
import type { PendingChanges } from '../../lib/changes';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { copyDietIn } from '../diets/diets.service';
import { gameDaysOf } from '../game-stats/game-stats.service';
import {
  areFriends,
  assertMayShareWith,
  isBlockedEitherWay,
  overview,
} from '../friends/friends.service';
import { notify, sharedProgramTitle } from '../notifications/notifications.service';
import { memoryFacts } from '../trainer/trainer.service';
import { findUserById } from '../users/users.service';
import {
  copyWorkoutIn,
  createWorkoutIn,
  createWorkoutsIn,
  getWorkout,
  replaceWorkoutIn,
  shareWorkoutsIn,
} from '../workouts/workouts.service';
import * as repo from './programs.repository';

/**
 * The planner behind generation's numbers and structure. With `AI_PROVIDER=openai` the app's
 * model then picks the main part's exercises (see model-sessions.ts); this seam stays local.
 */
let sessionPlanner: SessionPlanner = localSessionPlanner;
export function useSessionPlanner(planner: SessionPlanner) {
  sessionPlanner = planner;
}

const MISSED_WINDOW_DAYS = 14;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Today (UTC) unless the member's own date was given. */
export function todayOr(date?: string): string {
  return date ?? isoDate(new Date());
}

/**
 * The member's date given with a request, if it is within a day of the server's (time zones
 * span UTC−12 to UTC+14); otherwise the server's. A program starts on it (decision 0026).
 */
function startDateOf(date: string | undefined): string {
  const server = todayOr();
  return date !== undefined && Math.abs(daysBetween(server, date)) <= 1 ? date : server;
}

async function memberInputs(ctx: ServiceContext, viewer: Viewer, request: VirtualTrainerRequest) {
  const [user, memories, catalogue] = await Promise.all([
    findUserById(ctx.db, viewer.id),
    memoryFacts(ctx.db, viewer.id),
    repo.loadCatalogue(ctx.db),
  ]);
  if (!user) throw notFound('member');
  const goal = request.workout_goal ?? user.workoutGoal;
  const missing = [
    ...(request.workout_length === undefined
      ? [{ path: 'workout_length', message: text('errors:correctFields') }]
      : []),
  ];
  if (missing.length > 0) throw validationFailed(missing);
  const equipment: Equipment[] | null = request.equipment ?? user.equipment ?? null;
  return {
    catalogue,
    base: {
      goal,
      minutes: request.workout_length!,
      sportType: request.sport_type ?? user.sportType ?? null,
      equipment,
      seed: request.seed ?? randomInt(0, 2 ** 31 - 1),
      level: 'intermediate' as const,
      exclusions: exclusionsFromMemories(memories, viewer.locale),
      // Starting loads in the member's unit (the workouts service reads weights in it).
      weightUnit: weightUnit(viewer.measurementType),
      // Titles, descriptions and notes are written once, in the member's language.
      locale: viewer.locale,
    },
  };
}

/** What the member is told when the model failed and the local planner's choices were kept. */
const sessionFallback = (failure: AiFailure, what: 'workout' | 'program', locale: Locale) =>
  fallbackNotice(failure, what, locale);

const modelNote = (model: OpenAiProvider, locale: Locale) =>
  say(locale, 'model.exercises', { model: model.model });

/**
 * `quick_workout`: one session of the requested length for the goal, saved as the member's
 * workout (ready to open and log). `notes` say what was left out and why. With the `openai`
 * engine the model picks the main part's exercises from the session's candidates.
 */
export async function generateQuickWorkout(
  ctx: ServiceContext,
  viewer: Viewer,
  request: VirtualTrainerRequest,
): Promise<{ workout_id: number; notes: string[] }> {
  const { catalogue, base } = await memberInputs(ctx, viewer, request);
  const input = { ...base, focus: null, intensity: 0.5, deload: false };
  let plan = sessionPlanner.planSession(input, catalogue);
  const notes = [...plan.notes];
  const model = appModel(ctx);
  if (model && plan.workout.groups.length > 0) {
    const picks = await pickSessionExercises(
      model,
      [{ name: 'Session', input, session: plan }],
      catalogue,
    );
    if (picks.ok) {
      plan = applySwaps(plan, picks.swaps[0]!, catalogue);
      notes.push(modelNote(model, viewer.locale));
    } else notes.push(sessionFallback(picks.failure, 'workout', viewer.locale));
  }
  const workoutId = await ctx.transaction((tx, changes) =>
    createWorkoutIn(tx, changes, viewer, plan.workout),
  );
  return { workout_id: workoutId, notes };
}

/**
 * With the `openai` engine, one model call for the weekly template: the model fills week 1's
 * days from each day's candidates, and the same choices carry through every later week, whose
 * sets, reps, rest and deloads stay the local planner's progression.
 */
async function withModelExercises(
  model: OpenAiProvider,
  plan: PlannedProgram,
  base: Omit<ProgramInput, 'weeks' | 'frequency'>,
  catalogue: Parameters<typeof planProgram>[1],
  locale: Locale,
): Promise<{ plan: PlannedProgram; notes: string[]; fallback: string | null }> {
  const template = plan.split.map((d) => ({
    name: d.name,
    input: { ...base, focus: d.focus },
    session: plan.sessions.find((s) => s.week === 1 && s.weekday === d.weekday)!.session,
  }));
  const picks = await pickSessionExercises(model, template, catalogue);
  if (!picks.ok) {
    const notice = sessionFallback(picks.failure, 'program', locale);
    return { plan, notes: [notice], fallback: notice };
  }
  const byWeekday = new Map(plan.split.map((d, k) => [d.weekday, picks.swaps[k]!]));
  return {
    plan: {
      ...plan,
      sessions: plan.sessions.map((s) => ({
        ...s,
        session: applySwaps(s.session, byWeekday.get(s.weekday) ?? new Map(), catalogue),
      })),
    },
    notes: [modelNote(model, locale)],
    fallback: null,
  };
}

/**
 * `workout`: a program of `workout_plan_length` weeks × `workout_frequency` sessions. Every
 * session is saved as the member's workout and placed in the calendar, all in one transaction.
 */
export async function generateProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  request: VirtualTrainerRequest,
): Promise<{ program_id: number; notes: string[] }> {
  const { catalogue, base } = await memberInputs(ctx, viewer, request);
  const weeks = request.workout_plan_length ?? 4;
  const frequency = request.workout_frequency ?? 3;
  // It starts the day it is made, its first session that day: nothing is overdue before the
  // member has seen it (decision 0026).
  const startsOn = startDateOf(request.date);
  let plan = planProgram(
    { ...base, weeks, frequency, startWeekday: isoWeekdayOf(startsOn) },
    catalogue,
    sessionPlanner,
  );
  const notes = [...plan.notes];
  const model = appModel(ctx);
  let provider: 'local' | 'openai' = 'local';
  let fallback: string | null = null;
  if (model && plan.sessions.some((s) => s.session.workout.groups.length > 0)) {
    const refined = await withModelExercises(model, plan, base, catalogue, viewer.locale);
    plan = refined.plan;
    notes.push(...refined.notes);
    fallback = refined.fallback;
    if (!fallback) provider = 'openai';
  }
  const programId = await ctx.transaction(async (tx, changes) => {
    const id = await repo.insertProgram(tx, {
      ownerId: viewer.id,
      title: plan.title,
      description: plan.description,
      goal: base.goal,
      level: base.level,
      weeks,
      startsOn,
      generatedBy: {
        provider,
        trainer_action: request.trainer_action,
        request: { ...request, seed: base.seed, equipment: base.equipment },
        ...(fallback ? { fallback_notice: fallback } : {}),
      },
    });
    // All the sessions' workouts at once: a 12-week plan at 6 a week is 72 of them.
    const workoutIds = await createWorkoutsIn(
      tx,
      changes,
      viewer,
      plan.sessions.map((s) => s.session.workout),
    );
    await repo.insertEntries(
      tx,
      plan.sessions.map((s, i) => ({
        programId: id,
        week: s.week,
        weekday: s.weekday,
        workoutId: workoutIds[i]!,
      })),
    );
    // Asking for a plan is choosing to follow it: it becomes the one running.
    await followIn(tx, viewer.id, id, startsOn, startsOn, false);
    changes.emit({ kind: 'program-follows', userId: viewer.id });
    return id;
  });
  return { program_id: programId, notes };
}

type ProgramFound = NonNullable<Awaited<ReturnType<typeof repo.findProgram>>>;

function toSummary(row: ProgramFound, viewer: Viewer): ProgramSummary {
  const p = row.program;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    goal: p.goal,
    level: p.level,
    weeks: p.weeks,
    sessions_per_week: row.sessionsPerWeek,
    visibility: p.visibility,
    starts_on: p.startsOn,
    owner: { id: p.ownerId, name: row.ownerName },
    is_mine: p.ownerId === viewer.id,
    created_at: p.createdAt.toISOString(),
  };
}

/**
 * Its owner, an admin, anyone for a public one, friends for a friends-only one, and a member it
 * was shared with unless either has blocked the other since.
 */
async function maySee(db: Executor, viewer: Viewer, row: ProgramFound) {
  const p = row.program;
  if (p.ownerId === viewer.id || viewer.role === 'admin' || p.visibility === 'public') return true;
  if (p.visibility === 'friends' && (await areFriends(db, viewer.id, p.ownerId))) return true;
  return (
    (await repo.isSharedWith(db, p.id, viewer.id)) &&
    !(await isBlockedEitherWay(db, viewer.id, p.ownerId))
  );
}

/** The program if the viewer may see it; a 404 otherwise, so private ids do not leak. */
async function findVisible(db: Executor, viewer: Viewer, id: number): Promise<ProgramFound> {
  const row = await repo.findProgram(db, id);
  if (!row || !(await maySee(db, viewer, row))) throw notFound('program');
  return row;
}

/** `GET /api/program`. */
export async function listPrograms(
  ctx: ServiceContext,
  viewer: Viewer,
  query: ProgramListQuery = {},
): Promise<ProgramList> {
  const friends = await overview(ctx, viewer.id);
  const rows = await repo.listVisible(
    ctx.db,
    viewer.id,
    friends.friends.map((f) => f.id),
    query.q || undefined,
  );
  return { items: rows.map((r) => toSummary(r, viewer)) };
}

/** A day's place within its program week (0 = the start's weekday). */
const dayInWeek = (startsOn: string | null, e: { weekday: number }) =>
  startsOn ? programDayOffset(startsOn, 1, e.weekday) : e.weekday - 1;

type EntryRow = Awaited<ReturnType<typeof repo.entriesOf>>[number];
type EntryStatus = ProgramEntry['status'];

function toEntry(
  e: EntryRow,
  schedule: FollowSchedule | null,
  status: EntryStatus = null,
): ProgramEntry {
  return {
    id: e.id,
    week: e.week,
    weekday: e.weekday,
    date: schedule ? followDate(schedule, e.week, e.weekday) : null,
    workout:
      e.workoutId === null
        ? null
        : { id: e.workoutId, title: e.title ?? '', estimated_minutes: e.minutes ?? 0 },
    diet: e.dietId === null ? null : { id: e.dietId, title: e.dietTitle ?? '' },
    note: e.note,
    status,
  };
}

const scheduleOf = (f: repo.FollowRow): FollowSchedule => ({
  startsOn: f.startsOn,
  pauses: f.pauses,
});

/**
 * A following's calendar on `today`: each workout day's status from the member's logs of that
 * workout on that day's date, and progress and adherence per week.
 */
async function followedCalendar(
  db: Executor,
  userId: number,
  follow: repo.FollowRow,
  weeks: number,
  entries: EntryRow[],
  today: string,
) {
  const schedule = scheduleOf(follow);
  const workoutDays = entries.filter((e) => e.workoutId !== null);
  const logged = await repo.loggedDays(
    db,
    userId,
    [...new Set(workoutDays.map((e) => e.workoutId!))],
    follow.startsOn,
    today,
  );
  const statuses = new Map<number, NonNullable<EntryStatus>>();
  for (const e of workoutDays) {
    const date = followDate(schedule, e.week, e.weekday);
    statuses.set(
      e.id,
      dayStatus(date, today, logged.has(`${e.workoutId}@${date}`), follow.pausedOn),
    );
  }
  const byWeek = weeklyAdherence(
    weeks,
    workoutDays.map((e) => ({ week: e.week, status: statuses.get(e.id)! })),
  );
  const done = byWeek.reduce((n, w) => n + w.done, 0);
  const planned = byWeek.reduce((n, w) => n + w.planned, 0);
  const endsOn = followEndsOn(schedule, weeks);
  const summary: ProgramFollow = {
    status: follow.status === 'paused' ? 'paused' : 'active',
    starts_on: follow.startsOn,
    ends_on: endsOn,
    paused_on: follow.pausedOn,
    pauses: follow.pauses,
    finished: today > endsOn,
    progress: planned === 0 ? 0 : Math.round((done / planned) * 100),
    weeks: byWeek,
  };
  return { schedule, statuses, summary };
}

/** `GET /api/program/:id`: for its owner, or per its visibility; 404 otherwise. */
export async function getProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  date?: string,
): Promise<ProgramDetail> {
  const row = await findVisible(ctx.db, viewer, id);
  const [entries, found] = await Promise.all([
    repo.entriesOf(ctx.db, id),
    repo.findFollow(ctx.db, viewer.id, id),
  ]);
  const p = row.program;
  const today = todayOr(date);
  const follow = found && found.status !== 'left' ? found : null;
  let schedule: FollowSchedule | null = p.startsOn ? { startsOn: p.startsOn, pauses: [] } : null;
  let statuses = new Map<number, NonNullable<EntryStatus>>();
  let summary: ProgramFollow | null = null;
  if (follow) {
    ({ schedule, statuses, summary } = await followedCalendar(
      ctx.db,
      viewer.id,
      follow,
      p.weeks,
      entries,
      today,
    ));
  }
  const startsOn = schedule?.startsOn ?? null;
  return {
    ...toSummary(row, viewer),
    starts_on: startsOn,
    // In the order the days come: a week that starts on a Wednesday lists Monday last.
    entries: entries
      .map((e) => toEntry(e, schedule, statuses.get(e.id) ?? null))
      .sort((a, b) => (a.week - b.week) * 7 + dayInWeek(startsOn, a) - dayInWeek(startsOn, b)),
    today: schedule ? followPlace(schedule, p.weeks, today) : null,
    follow: summary,
  };
}

/**
 * `GET /api/program/today`: today's session of the programs the member follows (the latest
 * started first when several run). The first time it is read, readiness adapts the member's own
 * program's workout to their last logs (low energy or sleep, missed sessions): it is eased and
 * the reason stored on the entry, so the calendar shows it too. Someone else's program is never
 * changed by a follower's readiness.
 */
export async function getToday(
  ctx: ServiceContext,
  viewer: Viewer,
  date?: string,
  reads: { programIds: number[]; workoutIds: number[] } = { programIds: [], workoutIds: [] },
): Promise<ProgramToday> {
  const today = todayOr(date);
  for (const { follow, program: p } of await repo.activeFollowsOf(ctx.db, viewer.id)) {
    reads.programIds.push(p.id);
    const schedule = scheduleOf(follow);
    const place = followPlace(schedule, p.weeks, today);
    if (!place) continue;
    const entries = await repo.entriesOf(ctx.db, p.id);
    const entry = entries.find(
      (e) => e.week === place.week && e.weekday === place.weekday && e.workoutId !== null,
    );
    if (!entry) continue;
    reads.workoutIds.push(entry.workoutId!);
    const [note, done] = await Promise.all([
      readinessNote(ctx, viewer, p, schedule, entries, entry, today),
      repo.loggedDays(ctx.db, viewer.id, [entry.workoutId!], today, today),
    ]);
    return {
      program: { id: p.id, title: p.title },
      entry: toEntry({ ...entry, note }, schedule, done.size > 0 ? 'done' : 'today'),
      adjusted: note !== '',
    };
  }
  return null;
}

/**
 * `getToday`'s answer, cached per member and date until their logs or follows change, or one of
 * the programs or the workout it was read from does (the home page asks for it on every visit).
 */
export function todayAnswer(
  ctx: ServiceContext,
  viewer: Viewer,
  date?: string,
): Promise<PreparedAnswer> {
  const today = todayOr(date);
  return ctx.answers.getDiscovered(
    answerKeys.programTodayName(viewer.id, today),
    async () => {
      const reads = { programIds: [] as number[], workoutIds: [] as number[] };
      const value = await getToday(ctx, viewer, today, reads);
      return { value, key: answerKeys.programToday(viewer.id, today, reads) };
    },
    programTodaySchema,
  );
}

async function readinessNote(
  ctx: ServiceContext,
  viewer: Viewer,
  p: repo.ProgramRow,
  schedule: FollowSchedule,
  entries: EntryRow[],
  entry: EntryRow,
  today: string,
): Promise<string> {
  if (entry.note !== '' || p.ownerId !== viewer.id) return entry.note;
  const windowStart = addDays(today, -MISSED_WINDOW_DAYS);
  const due = entries
    .filter((e) => e.workoutId !== null)
    .map((e) => ({ e, date: followDate(schedule, e.week, e.weekday) }))
    .filter(({ date }) => date < today && date >= windowStart);
  const [logs, logged, gameDays] = await Promise.all([
    repo.recentLogs(ctx.db, viewer.id, 2),
    repo.loggedDays(
      ctx.db,
      viewer.id,
      [...new Set(due.map(({ e }) => e.workoutId!))],
      windowStart,
      today,
    ),
    // A game is a hard session too (personal game stats).
    gameDaysOf(ctx.db, viewer.id, addDays(today, -GAME_RECOVERY_DAYS), today),
  ]);
  const readiness = assessReadiness({
    recentLogs: logs,
    recentGameDays: gameDays,
    missedSessions: due.filter(({ e, date }) => !logged.has(`${e.workoutId}@${date}`)).length,
    today,
    // Kept on the entry as written: in the language of the member who first opened it today.
    locale: viewer.locale,
  });
  if (readiness.volume >= 1) return '';
  const workout = await getWorkout(ctx.db, viewer, entry.workoutId!);
  const eased = adaptSession(workoutInputOf(workout), readiness);
  await ctx.transaction(async (tx, changes) => {
    await replaceWorkoutIn(tx, changes, viewer, entry.workoutId!, eased);
    await repo.setEntryNote(tx, entry.id, readiness.reason);
    changes.emit({ kind: 'program', id: p.id });
  });
  return readiness.reason;
}

/** How far ahead a start may be set. */
const START_AHEAD_DAYS = 365;

/**
 * Follows a program from `startsOn` (a restart when already followed: a fresh calendar). Other
 * programs the member follows are paused from `today` unless they keep them running.
 */
async function followIn(
  tx: Executor,
  userId: number,
  programId: number,
  startsOn: string,
  today: string,
  keepOthers: boolean,
  assignedBy: number | null = null,
) {
  if (!keepOthers) await repo.pauseOtherFollows(tx, userId, programId, today);
  await repo.upsertFollow(tx, userId, programId, startsOn, assignedBy);
}

/** A start date from the member's today up to a year ahead (400 on `start_date` otherwise). */
function checkStartDate(startsOn: string, today: string) {
  if (startsOn < today || daysBetween(today, startsOn) > START_AHEAD_DAYS) {
    throw validationFailed([
      {
        path: 'start_date',
        message: text('errors:programs.startDateRange', { days: START_AHEAD_DAYS }),
      },
    ]);
  }
}

/**
 * `POST /api/program/:id/start`: start (or restart) a program the member may see, on a date
 * from their today up to a year ahead. One program runs at a time unless `keep_others`.
 */
export async function startProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: StartProgramInput,
  date?: string,
): Promise<ProgramDetail> {
  await findVisible(ctx.db, viewer, id);
  const today = startDateOf(date);
  const startsOn = input.start_date ?? today;
  checkStartDate(startsOn, today);
  await ctx.transaction(async (tx, changes) => {
    await followIn(tx, viewer.id, id, startsOn, today, input.keep_others === true);
    changes.emit({ kind: 'program-follows', userId: viewer.id });
  });
  return getProgram(ctx, viewer, id, today);
}

const notFollowing = () => new HttpError(409, 'conflict', text('errors:programs.notFollowing'));

/** The member's following of a program they may see, in one of `statuses`; 409 otherwise. */
async function currentFollow(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  statuses: repo.FollowRow['status'][],
) {
  const row = await findVisible(ctx.db, viewer, id);
  const follow = await repo.findFollow(ctx.db, viewer.id, id);
  if (!follow || follow.status === 'left') throw notFollowing();
  if (!statuses.includes(follow.status)) {
    throw new HttpError(
      409,
      'conflict',
      text(
        follow.status === 'paused' ? 'errors:programs.alreadyPaused' : 'errors:programs.notPaused',
      ),
    );
  }
  return { row, follow };
}

/** `POST /api/program/:id/pause`: its days from today on wait (not missed) until resumed. */
export async function pauseProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: FollowActionInput,
): Promise<ProgramDetail> {
  const { follow } = await currentFollow(ctx, viewer, id, ['active']);
  const today = startDateOf(input.date);
  await ctx.transaction(async (tx, changes) => {
    await repo.updateFollow(tx, follow.id, { status: 'paused', pausedOn: today });
    changes.emit({ kind: 'program-follows', userId: viewer.id });
  });
  return getProgram(ctx, viewer, id, today);
}

/**
 * `POST /api/program/:id/resume`: the days not reached when it was paused move later by the
 * days it was paused. Other running programs pause unless `keep_others`.
 */
export async function resumeProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: FollowActionInput,
): Promise<ProgramDetail> {
  const { row, follow } = await currentFollow(ctx, viewer, id, ['paused']);
  const today = startDateOf(input.date);
  const pause = pauseOf(scheduleOf(follow), row.program.weeks, follow.pausedOn ?? today, today);
  await ctx.transaction(async (tx, changes) => {
    if (input.keep_others !== true) await repo.pauseOtherFollows(tx, viewer.id, id, today);
    await repo.updateFollow(tx, follow.id, {
      status: 'active',
      pausedOn: null,
      pauses: pause ? [...follow.pauses, pause] : follow.pauses,
    });
    changes.emit({ kind: 'program-follows', userId: viewer.id });
  });
  return getProgram(ctx, viewer, id, today);
}

/** `POST /api/program/:id/leave`: stop following it (the program itself stays). */
export async function leaveProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: FollowActionInput,
): Promise<ProgramDetail> {
  const { follow } = await currentFollow(ctx, viewer, id, ['active', 'paused']);
  await ctx.transaction(async (tx, changes) => {
    await repo.updateFollow(tx, follow.id, { status: 'left', pausedOn: null });
    changes.emit({ kind: 'program-follows', userId: viewer.id });
  });
  return getProgram(ctx, viewer, id, startDateOf(input.date));
}

/**
 * `POST /api/program/share_program`: the owner shares with a friend (never a blocked member),
 * who may then open it read-only and copy it. Sharing again changes nothing and tells the
 * friend nothing new.
 */
export async function shareProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ShareProgramInput,
): Promise<ShareProgramResult> {
  const { db } = ctx;
  const found = await findVisible(db, viewer, input.program_id);
  if (found.program.ownerId !== viewer.id) throw forbidden(text('errors:programs.shareOwnerOnly'));
  await assertMayShareWith(db, viewer.id, input.friend_id, 'programs');
  const sharer = await findUserById(db, viewer.id);
  await ctx.transaction(async (tx, changes) => {
    if (!(await repo.insertShare(tx, input.program_id, viewer.id, input.friend_id))) return;
    await notify(tx, changes, {
      userId: input.friend_id,
      kind: 'program_shared',
      title: sharedProgramTitle(sharer?.name),
      body: found.program.title,
      link: `/programs/${input.program_id}`,
      actorId: viewer.id,
    });
  });
  return {
    status: 'shared',
    message: translate(viewer.locale, 'notifications:shareResult', {
      title: found.program.title,
    }),
  };
}

const TITLE_MAX = 120;

/**
 * `POST /api/program/:id/copy`: the member's own private program from one they may see, with
 * their own copies of its workouts (and diets), all in one transaction. It starts today with the
 * source's weekdays, so "today's session" follows it and nothing is overdue; nothing done to the copy reaches the original or back.
 */
export async function copyProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  date?: string,
): Promise<ProgramDetail> {
  await findVisible(ctx.db, viewer, id);
  const copyId = await ctx.transaction(async (tx, changes) => {
    // Read inside the transaction: the copy is of one state of the program.
    const found = await repo.findProgram(tx, id);
    // Deleted since the check above: as if it never was.
    if (!found) throw notFound('program');
    const source = found.program;
    const title = translate(viewer.locale, 'errors:programs.copyTitle', {
      title: source.title,
    });
    const newId = await repo.insertProgram(tx, {
      ownerId: viewer.id,
      title: title.length > TITLE_MAX ? source.title.slice(0, TITLE_MAX) : title,
      description: source.description,
      goal: source.goal,
      level: source.level,
      weeks: source.weeks,
      startsOn: startDateOf(date),
      generatedBy: {
        provider: source.generatedBy?.provider ?? 'local',
        trainer_action: source.generatedBy?.trainer_action ?? 'workout',
        request: { ...(source.generatedBy?.request ?? {}), copied_from_program_id: id },
      },
    });
    const entries = await repo.rawEntriesOf(tx, id);
    // A workout on several days is copied once and placed on each of them.
    const workoutCopies = new Map<number, number>();
    const dietCopies = new Map<number, number>();
    const copied = [];
    for (const e of entries) {
      let workoutId: number | null = null;
      let dietId: number | null = null;
      if (e.workoutId !== null) {
        workoutId = workoutCopies.get(e.workoutId) ?? null;
        if (workoutId === null) {
          workoutId = await copyWorkoutIn(tx, changes, viewer, e.workoutId);
          workoutCopies.set(e.workoutId, workoutId);
        }
      } else if (e.dietId !== null) {
        dietId = dietCopies.get(e.dietId) ?? null;
        if (dietId === null) {
          dietId = await copyDietIn(tx, viewer, e.dietId);
          dietCopies.set(e.dietId, dietId);
        }
      }
      copied.push({
        programId: newId,
        week: e.week,
        weekday: e.weekday,
        position: e.position,
        workoutId,
        dietId,
        // Readiness notes were about the source owner's logs, not the copier's.
        note: '',
      });
    }
    await repo.insertEntries(tx, copied);
    await followIn(tx, viewer.id, newId, startDateOf(date), startDateOf(date), false);
    changes.emit({ kind: 'program-follows', userId: viewer.id });
    return newId;
  });
  return getProgram(ctx, viewer, copyId, date);
}

/** Program cards by id, for lists other features make (the programs shared with a member). */
export async function programSummaries(
  db: Executor,
  viewer: Viewer,
  ids: number[],
): Promise<Map<number, ProgramSummary>> {
  const rows = await repo.findPrograms(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.program.id, toSummary(r, viewer)]));
}

type ParsedProgramInput = z.output<typeof programInputSchema>;

/**
 * Every workout and diet of a built program must exist and be visible to its author (400,
 * naming the day, otherwise). A program others may see (friends, public) takes only workouts
 * everyone may open, so its followers can open and log each day's session.
 */
async function checkItems(db: Executor, viewer: Viewer, input: ParsedProgramInput) {
  const workoutIds = [...new Set(input.days.flatMap((d) => d.workout_ids))];
  const dietIds = [...new Set(input.days.flatMap((d) => d.diet_ids))];
  const [seen, dietsSeen] = await Promise.all([
    repo.visibleWorkouts(db, viewer.id, viewer.role === 'admin', workoutIds),
    repo.visibleDietIds(db, viewer.id, dietIds),
  ]);
  const visible = new Map(seen.map((w) => [w.id, w.isPublic]));
  const issues: IssueText[] = [];
  input.days.forEach((d, i) => {
    const missing = d.workout_ids.filter((id) => !visible.has(id));
    const privateOnes = d.workout_ids.filter((id) => visible.get(id) === false);
    if (missing.length > 0) {
      issues.push({
        path: `days.${i}.workout_ids`,
        message: text('errors:programs.unknownWorkouts', { ids: missing.join(', ') }),
      });
    } else if (input.visibility !== 'private' && privateOnes.length > 0) {
      issues.push({
        path: `days.${i}.workout_ids`,
        message: text('errors:programs.privateWorkouts', { ids: privateOnes.join(', ') }),
      });
    }
    const missingDiets = d.diet_ids.filter((id) => !dietsSeen.has(id));
    if (missingDiets.length > 0) {
      issues.push({
        path: `days.${i}.diet_ids`,
        message: text('errors:programs.unknownDiets', { ids: missingDiets.join(', ') }),
      });
    }
  });
  if (issues.length > 0) throw validationFailed(issues);
}

/** Only coaches and admins publish to the library; anyone may keep a program or share it. */
function checkVisibility(viewer: Viewer, input: ParsedProgramInput) {
  if (input.visibility === 'public' && viewer.role === 'member') {
    throw forbidden(text('errors:programs.publishCoachesOnly'));
  }
}

const entriesOfInput = (programId: number, input: ParsedProgramInput) =>
  input.days.flatMap((d) => [
    ...d.workout_ids.map((workoutId, k) => ({
      programId,
      week: d.week,
      weekday: d.weekday,
      position: k,
      workoutId,
    })),
    ...d.diet_ids.map((dietId, k) => ({
      programId,
      week: d.week,
      weekday: d.weekday,
      position: d.workout_ids.length + k,
      dietId,
    })),
  ]);

/** `POST /api/program`: a program built on the calendar, saved whole (nothing if any id fails). */
export async function createProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ParsedProgramInput,
): Promise<ProgramDetail> {
  checkVisibility(viewer, input);
  await checkItems(ctx.db, viewer, input);
  const id = await ctx.transaction(async (tx) => {
    const newId = await repo.insertProgram(tx, {
      ownerId: viewer.id,
      title: input.title,
      description: input.description,
      goal: input.goal,
      level: input.level,
      weeks: input.weeks,
      startsOn: null,
      visibility: input.visibility,
      generatedBy: null,
    });
    await repo.insertEntries(tx, entriesOfInput(newId, input));
    return newId;
  });
  return getProgram(ctx, viewer, id);
}

/** The program if the viewer may change it: its owner or an admin (403 for others who see it). */
async function findEditable(db: Executor, viewer: Viewer, id: number) {
  const row = await findVisible(db, viewer, id);
  if (row.program.ownerId !== viewer.id && viewer.role !== 'admin') {
    throw forbidden(text('errors:programs.ownerOnly'));
  }
  return row;
}

/** `PUT /api/program/:id`: its details and every day replaced, in one transaction. */
export async function updateProgram(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: ParsedProgramInput,
): Promise<ProgramDetail> {
  await findEditable(ctx.db, viewer, id);
  checkVisibility(viewer, input);
  await checkItems(ctx.db, viewer, input);
  await ctx.transaction(async (tx, changes) => {
    await repo.updateProgram(tx, id, {
      title: input.title,
      description: input.description,
      goal: input.goal,
      level: input.level,
      weeks: input.weeks,
      visibility: input.visibility,
    });
    await repo.deleteEntries(tx, id);
    await repo.insertEntries(tx, entriesOfInput(id, input));
    changes.emit({ kind: 'program', id });
  });
  return getProgram(ctx, viewer, id);
}

/** `DELETE /api/program/:id`: by its owner or an admin; its followers stop following it. */
export async function deleteProgram(ctx: ServiceContext, viewer: Viewer, id: number) {
  await findEditable(ctx.db, viewer, id);
  // Its followers' follows go with it: their "today" rests on the program, so it goes stale.
  await ctx.transaction(async (tx, changes) => {
    await repo.deleteProgram(tx, id);
    changes.emit({ kind: 'program', id });
  });
}

/** What a coach may assign: a program they may see that is their own or in the library. */
export async function checkAssignable(
  db: Executor,
  coach: Viewer,
  programId: number,
  startDate: string | undefined,
  date?: string,
) {
  const row = await findVisible(db, coach, programId);
  const p = row.program;
  if (p.ownerId !== coach.id && p.visibility !== 'public') {
    throw validationFailed([
      { path: 'program_id', message: text('errors:coaching.assignOwnOrLibrary') },
    ]);
  }
  const today = startDateOf(date);
  const startsOn = startDate ?? today;
  checkStartDate(startsOn, today);
  return { program: { id: p.id, title: p.title, ownerId: p.ownerId }, startsOn, today };
}

/**
 * A coach starts a program for their client (decision 0029): the same start as the member's
 * own (a fresh calendar; the client's other running programs pause from today, so one runs at
 * a time; the member may resume theirs and keep both), recorded as assigned by the coach. A
 * coach's private program is shared with the client, with its private workouts, so the client
 * can open and log each day.
 */
export async function assignProgramIn(
  tx: Executor,
  changes: PendingChanges,
  coachId: number,
  clientId: number,
  assignable: Awaited<ReturnType<typeof checkAssignable>>,
) {
  const { program, startsOn, today } = assignable;
  if (program.ownerId === coachId) {
    await repo.insertShare(tx, program.id, coachId, clientId);
    const workoutIds = await repo.privateWorkoutsOf(tx, program.id, coachId);
    await shareWorkoutsIn(tx, changes, coachId, clientId, workoutIds);
  }
  await followIn(tx, clientId, program.id, startsOn, today, false, coachId);
  changes.emit({ kind: 'program-follows', userId: clientId });
}

/**
 * The program a member runs now (the latest started of their active ones) with progress and
 * adherence per week on `today`; null when none runs. For their coach's view.
 */
export async function currentProgramOf(db: Executor, userId: number, today: string) {
  const [current] = await repo.activeFollowsOf(db, userId);
  if (!current) return null;
  const entries = await repo.entriesOf(db, current.program.id);
  const { summary } = await followedCalendar(
    db,
    userId,
    current.follow,
    current.program.weeks,
    entries,
    today,
  );
  return {
    id: current.program.id,
    title: current.program.title,
    weeks: current.program.weeks,
    assignedBy: current.follow.assignedBy,
    follow: summary,
  };
}
