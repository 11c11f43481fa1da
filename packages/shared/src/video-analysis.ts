import { z } from 'zod';
import { idParam } from './pagination';
import { hasVisibleText, isOneLine } from './text';
import { MAX_SETS } from './workouts';

/** Characters that reorder how text shows (a name could read as another). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/*
 * Exercise video analysis (issue 15): the browser tracks the pose in a video and measures reps,
 * range of motion, tempo, symmetry and faults; the server keeps the summary, tied to a logged
 * set if the member wants, and (if uploaded) the video for a coach's review.
 */

export const EXERCISE_NAME_MAX = 100;
/** A comment's text on a moment of the video. */
export const ANALYSIS_COMMENT_MAX = 2000;
/** The angle series kept with a summary: enough for a chart, never the whole video's frames. */
export const ANGLE_SERIES_MAX = 600;
/** Longest video analysed, in seconds. */
export const ANALYSIS_MAX_SECONDS = 600;

/** The exercises with rules of their own; any other name gets generic range and tempo. */
export const analysisExercises = [
  'squat',
  'deadlift',
  'romanian_deadlift',
  'bench_press',
  'push_up',
  'overhead_press',
  'lunge',
  'bent_over_row',
  'pull_up',
  'bicep_curl',
  'hip_thrust',
  'lateral_raise',
] as const;
export type AnalysisExercise = (typeof analysisExercises)[number];
export const analysisExerciseKeys = [...analysisExercises, 'generic'] as const;
export type AnalysisExerciseKey = (typeof analysisExerciseKeys)[number];

/**
 * What a fault is: a code with its own text in the `video-analysis` catalogue
 * (`faults.<code>`), e.g. `shallow_depth`, `knee_cave`, `rounded_back`, `hip_sag`.
 */
export const faultSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]{1,40}$/),
  /** 1-based rep number. */
  rep: z.number().int().min(1),
  /** Seconds into the video when it happens. */
  at_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
});
export type Fault = z.infer<typeof faultSchema>;

export const repSchema = z.object({
  /** 1-based. */
  number: z.number().int().min(1),
  start_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  /** The turning point (bottom of a squat, top of a curl). */
  turn_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  end_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  /** Range of motion of the tracked joint angle, degrees. */
  rom_deg: z.number().min(0).max(360),
  /** The angle at the turning point, degrees (depth for a squat). */
  turn_angle_deg: z.number().min(0).max(360),
  /** Tempo: the lowering, the pause at the turn, the lifting, seconds. */
  down_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  pause_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  up_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  /** Left minus right angle at the turn, degrees (null when one side was not seen). */
  asymmetry_deg: z.number().min(-360).max(360).nullable(),
  /** Short of the exercise's full range: counted apart from full reps. */
  partial: z.boolean(),
});
export type Rep = z.infer<typeof repSchema>;

/** Leeway for times rounded in the browser against the video's length, seconds. */
const TIME_SLACK_S = 0.5;

/**
 * A summary's parts agree: every rep is counted once (full or partial), a fault names a rep
 * there is, and every moment lies within the video. Each bound alone let a made-up summary of
 * 750 KB through.
 */
function summaryHoldsTogether(
  summary: {
    duration_s: number;
    reps_detected: number;
    partial_reps: number;
    reps: { start_s: number; turn_s: number; end_s: number }[];
    faults: { rep: number; at_s: number }[];
  },
  ctx: z.RefinementCtx,
): void {
  const end = summary.duration_s + TIME_SLACK_S;
  if (summary.reps.length !== summary.reps_detected + summary.partial_reps) {
    ctx.addIssue({ code: 'custom', path: ['reps'], message: 'Every rep is full or partial.' });
  }
  summary.reps.forEach((rep, i) => {
    if (!(rep.start_s <= rep.turn_s && rep.turn_s <= rep.end_s && rep.end_s <= end)) {
      ctx.addIssue({ code: 'custom', path: ['reps', i], message: 'A rep within the video.' });
    }
  });
  summary.faults.forEach((fault, i) => {
    if (fault.rep > summary.reps.length || fault.at_s > end) {
      ctx.addIssue({ code: 'custom', path: ['faults', i], message: 'A fault of a rep there is.' });
    }
  });
}

/** What one analysis found; made in the browser, checked and kept by the server. */
export const analysisSummarySchema = z
  .object({
    exercise_key: z.enum(analysisExerciseKeys),
    /** The joint angle tracked, e.g. `knee`, `hip`, `elbow`, `shoulder`. */
    joint: z.enum(['knee', 'hip', 'elbow', 'shoulder']),
    duration_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
    fps: z.number().min(0).max(240),
    frames_analysed: z
      .number()
      .int()
      .min(0)
      .max(ANALYSIS_MAX_SECONDS * 240),
    frames_with_person: z
      .number()
      .int()
      .min(0)
      .max(ANALYSIS_MAX_SECONDS * 240),
    /** Full reps (partial ones are in `reps` with `partial: true`, not counted here). */
    reps_detected: z.number().int().min(0).max(1000),
    partial_reps: z.number().int().min(0).max(1000),
    reps: z.array(repSchema).max(1000),
    avg_rom_deg: z.number().min(0).max(360).nullable(),
    avg_down_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS).nullable(),
    avg_pause_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS).nullable(),
    avg_up_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS).nullable(),
    /** Mean absolute left–right difference at the turn, degrees. */
    asymmetry_deg: z.number().min(0).max(360).nullable(),
    faults: z.array(faultSchema).max(5000),
    /** The tracked angle over time, downsampled for the chart: [seconds, degrees]. */
    // Pairs as two-number arrays, not z.tuple: the web's first page shares this Zod, and the
    // tuple's code would land in it for this field alone.
    angle_series: z
      .array(
        z
          .array(z.number().min(0).max(ANALYSIS_MAX_SECONDS))
          .length(2)
          .refine(([, angle = 0]) => angle <= 360, 'An angle is at most 360 degrees.'),
      )
      .max(ANGLE_SERIES_MAX),
  })
  .superRefine(summaryHoldsTogether);
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

const exerciseName = z
  .string()
  .trim()
  .min(1, 'Please enter an exercise name and select a video.')
  .max(EXERCISE_NAME_MAX)
  .refine(isOneLine, 'Use one line for the exercise name.')
  // Nothing but invisible characters would show as a blank name.
  .refine(hasVisibleText, 'Please enter an exercise name and select a video.')
  .refine((s) => !BIDI_CONTROLS.test(s), 'Remove the text-direction characters.');

/** `POST /api/video_analysis`: keep an analysis, optionally tied to one logged set. */
export const analysisInputSchema = z.object({
  exercise_name: exerciseName,
  summary: analysisSummarySchema,
  /** The set it belongs to: a log of the member's, an exercise in it and the set's number. */
  set: z
    .object({
      workout_log_id: idParam,
      exercise_id: idParam,
      set_number: z.number().int().min(1).max(MAX_SETS),
    })
    .nullable()
    .default(null),
});
export type AnalysisInput = z.infer<typeof analysisInputSchema>;

export const reviewStatuses = ['none', 'requested', 'reviewed'] as const;

export const analysisCommentSchema = z.object({
  id: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  at_s: z.number(),
  body: z.string(),
  created_at: z.string(),
});
export type AnalysisComment = z.infer<typeof analysisCommentSchema>;

/** One analysis as the API answers it (to its member and to the coach reviewing it). */
export const videoAnalysisSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  exercise_name: z.string(),
  summary: analysisSummarySchema,
  set: z
    .object({
      workout_log_id: z.number().int(),
      exercise_id: z.number().int(),
      exercise_name: z.string(),
      set_number: z.number().int(),
      performed_on: z.string(),
      /** What the member logged for that set, beside `summary.reps_detected`. */
      reps_logged: z.number().int(),
    })
    .nullable(),
  /** The uploaded video (for review), or null while it stays on the device. */
  video: z
    .object({ url: z.string(), poster_url: z.string().nullable(), content_type: z.string() })
    .nullable(),
  review: z.object({
    status: z.enum(reviewStatuses),
    /** The coach asked, or null for "any coach" until one takes it. */
    coach: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    requested_at: z.string().nullable(),
  }),
  comments: z.array(analysisCommentSchema),
  created_at: z.string(),
});
export type VideoAnalysis = z.infer<typeof videoAnalysisSchema>;

export const videoAnalysisListQuerySchema = z.object({
  /** Only this exercise's analyses (its progress over time), by name, case-insensitive. */
  exercise: z.string().trim().max(EXERCISE_NAME_MAX).optional(),
  workout_log_id: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** `PUT /api/video_analysis/:id/video`: an uploaded `exercise_video` blob's signed id. */
export const attachAnalysisVideoSchema = z.object({ signed_id: z.string().min(1).max(2000) });

/** `POST /api/video_analysis/:id/review`: ask one's coach, a named coach, or any coach (null). */
export const reviewRequestSchema = z.object({
  coach_id: idParam.nullable().default(null),
});

/** `POST /api/video_analysis/:id/comments`: a coach's (or the member's) note at a moment. */
export const analysisCommentInputSchema = z.object({
  at_s: z.number().min(0).max(ANALYSIS_MAX_SECONDS),
  body: z
    .string()
    .trim()
    .min(1)
    .max(ANALYSIS_COMMENT_MAX)
    .refine(hasVisibleText, 'Write the comment.'),
});

/** `GET /api/video_analysis` and `GET /api/video_analysis/reviews`: newest first. */
export const videoAnalysisListSchema = z.object({ items: z.array(videoAnalysisSchema) });
export type VideoAnalysisList = z.infer<typeof videoAnalysisListSchema>;

/**
 * `GET /api/video_analysis/reviews`: a coach's queue. `requested` (the default): asked of them or
 * of any coach, oldest request first; `reviewed`: those they reviewed, newest first.
 */
export const reviewQueueQuerySchema = z.object({
  status: z.enum(['requested', 'reviewed']).default('requested'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
