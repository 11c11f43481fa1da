import { z } from 'zod';
import { idParam, searchText } from './pagination';
import { vm } from './validation-messages';
import { workoutGoals } from './profile';
import { workoutLevels } from './workouts';

export const programVisibilities = ['private', 'friends', 'public'] as const;
export type ProgramVisibility = (typeof programVisibilities)[number];

/** One day of a program: its workout (title and minutes to show in the calendar) and note. */
export const programEntrySchema = z.object({
  id: z.number().int(),
  week: z.number().int().min(1).max(52),
  /** 1 = Monday … 7 = Sunday (ISO), within the program week (see `programDayOffset`). */
  weekday: z.number().int().min(1).max(7),
  /** The day's date counted from the program's start; null when it has none. */
  date: z.string().nullable(),
  workout: z
    .object({ id: z.number().int(), title: z.string(), estimated_minutes: z.number().int() })
    .nullable(),
  /** The day's diet, when this entry is one (an entry is a workout or a diet). */
  diet: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Why the trainer changed this session (readiness), shown beside it; empty if unchanged. */
  note: z.string(),
  /**
   * For a member following the program, a workout day's state from their logs: done (that
   * workout logged on that date), missed, today, upcoming or paused. Null when not followed.
   */
  status: z.enum(['done', 'missed', 'today', 'upcoming', 'paused']).nullable(),
});
export type ProgramEntry = z.infer<typeof programEntrySchema>;

export const programSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  goal: z.enum(workoutGoals),
  level: z.enum(workoutLevels),
  weeks: z.number().int(),
  sessions_per_week: z.number().int(),
  visibility: z.enum(programVisibilities),
  starts_on: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

/** `GET /api/program`: yours first, then friends' shared and public ones you may see. */
export const programListSchema = z.object({ items: z.array(programSummarySchema) });
export type ProgramList = z.infer<typeof programListSchema>;

/** `GET /api/program?q=`: titles containing `q` (a coach's assign picker searches on the server). */
export const programListQuerySchema = z.object({ q: searchText.optional() });
export type ProgramListQuery = z.input<typeof programListQuerySchema>;

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function isoWeekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/**
 * Days from a program's start to one of its days. A program's weeks run seven days from its
 * start date, not from a Monday: week 1 of a program started on a Wednesday is Wednesday to
 * Tuesday, so nothing in it falls before the member first saw it. A day keeps its ISO weekday
 * within its program week (programs that start on a Monday count exactly as calendar weeks).
 */
export function programDayOffset(startsOn: string, week: number, weekday: number): number {
  return (week - 1) * 7 + ((weekday - isoWeekdayOf(startsOn) + 7) % 7);
}

/** A program week's ISO weekdays in the order its days come: from its start's weekday. */
export function programWeekdays(startsOn: string | null): number[] {
  const first = startsOn ? isoWeekdayOf(startsOn) : 1;
  return Array.from({ length: 7 }, (_, k) => ((first - 1 + k) % 7) + 1);
}

export const followStatuses = ['active', 'paused'] as const;

/** The viewer following a program: their dates, progress and adherence per week. */
export const programFollowSchema = z.object({
  status: z.enum(followStatuses),
  starts_on: z.string(),
  /** The last day on the member's calendar (pauses move it later). */
  ends_on: z.string(),
  paused_on: z.string().nullable(),
  /** Each resumed pause: days from offset `at` on moved `days` later (see program-schedule). */
  pauses: z.array(z.object({ at: z.number().int(), days: z.number().int() })),
  /** Past its last day. */
  finished: z.boolean(),
  /** Workout days done out of all planned, in percent. */
  progress: z.number().int(),
  weeks: z.array(
    z.object({
      week: z.number().int(),
      planned: z.number().int(),
      done: z.number().int(),
      missed: z.number().int(),
      adherence: z.number().int().nullable(),
    }),
  ),
});
export type ProgramFollow = z.infer<typeof programFollowSchema>;

/** `GET /api/program/:id`: the weeks × weekdays calendar. */
export const programDetailSchema = programSummarySchema.extend({
  entries: z.array(programEntrySchema),
  /** The viewer's own following of it (dates counted from their start), or null. */
  follow: programFollowSchema.nullable(),
  /** Today's place in the program (week and weekday), or null before its start or after its end. */
  today: z.object({ week: z.number().int(), weekday: z.number().int() }).nullable(),
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;

/**
 * `GET /api/program/today`: the member's active program's session for today (readiness
 * applied), or null when there is none today.
 */
export const programTodaySchema = z
  .object({
    program: z.object({ id: z.number().int(), title: z.string() }),
    entry: programEntrySchema,
    /** True when the session was eased today because of recent logs or missed sessions. */
    adjusted: z.boolean(),
  })
  .nullable();

/**
 * `POST /api/program/:id/start`: follow (or restart) a program from `start_date` (the member's
 * date by default). Other programs the member follows are paused unless `keep_others`.
 */
export const startProgramInputSchema = z.object({
  start_date: z.iso.date(vm('dateFormat')).optional(),
  keep_others: z.boolean().optional(),
});
export type StartProgramInput = z.infer<typeof startProgramInputSchema>;

/** `pause`, `resume` and `leave`: the member's own date says when. */
export const followActionInputSchema = z.object({
  date: z.iso.date(vm('dateFormat')).optional(),
  keep_others: z.boolean().optional(),
});
export type FollowActionInput = z.infer<typeof followActionInputSchema>;
export type ProgramToday = z.infer<typeof programTodaySchema>;

/** What generating a program or quick workout answers with. */
export const generatedProgramSchema = z.object({
  program_id: z.number().int(),
  notes: z.array(z.string()),
});
export const generatedWorkoutSchema = z.object({
  workout_id: z.number().int(),
  notes: z.array(z.string()),
});

/**
 * `POST /api/program/share_program`: the body mirrors the spec's `share_diet` (friend_id and the
 * item's id); status 200 means success.
 */
export const shareProgramInputSchema = z.object({
  friend_id: idParam,
  program_id: idParam,
});
export type ShareProgramInput = z.infer<typeof shareProgramInputSchema>;
export const shareProgramResultSchema = z.object({
  status: z.literal('shared'),
  message: z.string(),
});
export type ShareProgramResult = z.infer<typeof shareProgramResultSchema>;

/**
 * The most workouts, and the most diets, one day of a program holds. A day is a day: beyond a
 * handful nobody trains, and without a bound one list could name more ids than a query may
 * carry (PostgreSQL's 65,535 parameters), a 500 instead of a 400.
 */
export const PROGRAM_DAY_MAX_ITEMS = 20;

/** The spec's comma-separated id list ("4,12,7"); empty for none. */
export const idListSchema = z
  .string()
  .trim()
  .regex(/^(\d{1,9}(\s*,\s*\d{1,9})*)?$/, vm('idList'))
  .transform((s) => (s === '' ? [] : s.split(',').map((id) => Number(id.trim()))))
  .check((ctx) => {
    if (ctx.value.length > PROGRAM_DAY_MAX_ITEMS) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: vm('dayItemsMax'),
        params: { maximum: PROGRAM_DAY_MAX_ITEMS },
      });
      return;
    }
    const seen = new Set<number>();
    for (const id of ctx.value) {
      // The staging rule: one item once per day.
      if (seen.has(id)) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: vm('stagedTwice'),
          params: { id },
        });
        return;
      }
      seen.add(id);
    }
  });

/** One day of the builder's calendar: its workouts and diets, in order, as the spec's lists. */
export const programDayInputSchema = z.object({
  week: z.number().int().min(1).max(52),
  weekday: z.number().int().min(1).max(7),
  workout_ids: idListSchema.default([]),
  diet_ids: idListSchema.default([]),
});
export type ProgramDayInput = z.input<typeof programDayInputSchema>;

/** `POST /api/program` and `PUT /api/program/:id`: the builder's program, saved whole. */
export const programInputSchema = z
  .object({
    title: z.string().trim().min(1, vm('programTitle')).max(120),
    description: z.string().trim().max(2000).default(''),
    level: z.enum(workoutLevels).default('intermediate'),
    goal: z.enum(workoutGoals),
    weeks: z.number().int().min(1, vm('programWeeks')).max(52, vm('programWeeks')),
    visibility: z.enum(programVisibilities).default('private'),
    days: z.array(programDayInputSchema).max(52 * 7),
  })
  .check((ctx) => {
    const seen = new Set<string>();
    ctx.value.days.forEach((d, i) => {
      const key = `${d.week}-${d.weekday}`;
      if (d.week > ctx.value.weeks) {
        ctx.issues.push({
          code: 'custom',
          input: d.week,
          path: ['days', i, 'week'],
          message: vm('dayAfterLastWeek'),
          params: { weeks: ctx.value.weeks },
        });
      } else if (seen.has(key)) {
        ctx.issues.push({
          code: 'custom',
          input: d,
          path: ['days', i],
          message: vm('dayTwice'),
        });
      }
      seen.add(key);
    });
  });
export type ProgramInput = z.input<typeof programInputSchema>;
