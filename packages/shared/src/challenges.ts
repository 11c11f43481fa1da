import { z } from 'zod';
import { idParam } from './pagination';
import { hasVisibleText, isOneLine } from './text';
import { vm } from './validation-messages';

/**
 * Challenges (issue 13): a creator sets workouts to log within a window of days, some with a
 * proof photo or video that a reviewer approves; whoever meets every requirement by the end
 * may win the prize.
 */

export const challengeVisibilities = ['public', 'friends', 'team'] as const;
export type ChallengeVisibility = (typeof challengeVisibilities)[number];

/** Worked out from the dates by the server's clock; `draft` until the creator publishes. */
export const challengeStatuses = ['draft', 'upcoming', 'active', 'finished'] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];

/** The list's tabs: by status, or the ones you joined or made. */
export const challengeTabs = ['upcoming', 'active', 'finished', 'mine'] as const;
export type ChallengeTab = (typeof challengeTabs)[number];

export const submissionStatuses = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const CHALLENGE_TITLE_MAX = 120;
export const CHALLENGE_DESCRIPTION_MAX = 2000;
export const CHALLENGE_PRIZE_MAX = 200;
export const CHALLENGE_MAX_DAYS = 365;
export const CHALLENGE_MAX_REQUIREMENTS = 20;
export const REQUIREMENT_DESCRIPTION_MAX = 500;
export const REVIEW_REASON_MAX = 500;
export const SUBMISSION_NOTE_MAX = 500;

const oneLine = (max: number) =>
  z.string().trim().max(max, vm('atMostCharacters')).refine(isOneLine, vm('nameOnOneLine'));

export const requirementInputSchema = z.object({
  workout_id: idParam,
  /** The spec's spelling. */
  uploadRequired: z.boolean().default(false),
  description: z
    .string()
    .trim()
    .max(REQUIREMENT_DESCRIPTION_MAX, vm('atMostCharacters'))
    .default(''),
});
export type RequirementInput = z.input<typeof requirementInputSchema>;

/** `POST /api/challenge` and `PUT /api/challenge/:id`. */
export const challengeInputSchema = z
  .object({
    title: oneLine(CHALLENGE_TITLE_MAX).refine(hasVisibleText, vm('challengeTitle')),
    description: z
      .string()
      .trim()
      .max(CHALLENGE_DESCRIPTION_MAX, vm('atMostCharacters'))
      .default(''),
    prize: oneLine(CHALLENGE_PRIZE_MAX).default(''),
    /** Days, counting the start date. */
    duration: z
      .number({ error: vm('challengeDuration') })
      .int(vm('challengeDuration'))
      .min(1, vm('challengeDuration'))
      .max(CHALLENGE_MAX_DAYS, vm('challengeDuration')),
    start_date: z.iso.date(vm('dateFormat')),
    visibility: z.enum(challengeVisibilities, { error: vm('chooseVisibility') }),
    /**
     * The team that sees a `team` challenge (one its creator owns or coaches; admins any);
     * absent or null for the other visibilities.
     */
    team_id: idParam.nullish().transform((v) => v ?? null),
    /** How many win the prize: the first N to meet every requirement, or null for all of them. */
    prize_winners: z
      .number()
      .int()
      .min(1, vm('prizeWinners'))
      .max(10_000, vm('prizeWinners'))
      .nullable()
      .default(null),
    /** Kept as a draft (only its creator sees it) until published. */
    draft: z.boolean().default(false),
    requirements: z
      .array(requirementInputSchema)
      .min(1, vm('addRequirement'))
      .max(CHALLENGE_MAX_REQUIREMENTS, vm('atMostRequirements')),
  })
  .superRefine((v, ctx) => {
    if (v.visibility === 'team' && v.team_id === null) {
      ctx.addIssue({ code: 'custom', path: ['team_id'], message: vm('chooseChallengeTeam') });
    }
    if (v.visibility !== 'team' && v.team_id !== null) {
      ctx.addIssue({ code: 'custom', path: ['team_id'], message: vm('teamOnlyForTeamChallenge') });
    }
  });
export type ChallengeInput = z.input<typeof challengeInputSchema>;
export type ChallengeValues = z.output<typeof challengeInputSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const challengeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  prize: z.string(),
  duration: z.number().int(),
  start_date: z.string(),
  /** The last day submissions are taken (start date + duration − 1). */
  end_date: z.string(),
  visibility: z.enum(challengeVisibilities),
  /**
   * A team challenge's team, seen by its members: null for other visibilities, and for a team
   * challenge whose team was deleted (then only its creator and admins see it).
   */
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  status: z.enum(challengeStatuses),
  prize_winners: z.number().int().nullable(),
  creator: person,
  participant_count: z.number().int(),
  requirement_count: z.number().int(),
  /** The viewer's own part: joined, and how many requirements they have completed. */
  joined: z.boolean(),
  completed_count: z.number().int(),
  /** The viewer may edit it (its creator, before it starts). */
  may_edit: z.boolean(),
  /**
   * The viewer may review its proofs (its creator, coaches and admins; of a team challenge, the
   * team's owners and coaches, coaches on the team, and admins).
   */
  may_review: z.boolean(),
  /**
   * The viewer may join now: not joined yet, upcoming or active, and for a team challenge on the
   * team (its creator who left the team, or anyone once the team is deleted, may not).
   */
  may_join: z.boolean(),
});
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

export const challengeListQuerySchema = z.object({
  tab: z.enum(challengeTabs).default('active'),
});

export const challengeListSchema = z.object({ items: z.array(challengeSummarySchema) });
export type ChallengeList = z.infer<typeof challengeListSchema>;

export const proofSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  filename: z.string(),
});

/** The viewer's own submission for a requirement. */
export const ownSubmissionSchema = z.object({
  id: z.number().int(),
  status: z.enum(submissionStatuses),
  /** Why a reviewer rejected it. */
  reason: z.string().nullable(),
  note: z.string(),
  proof: proofSchema.nullable(),
  submitted_at: z.string(),
});
export type OwnSubmission = z.infer<typeof ownSubmissionSchema>;

export const requirementSchema = z.object({
  id: z.number().int(),
  workout_id: z.number().int().nullable(),
  workout_title: z.string(),
  uploadRequired: z.boolean(),
  description: z.string(),
  submission: ownSubmissionSchema.nullable(),
});
export type Requirement = z.infer<typeof requirementSchema>;

/** `GET /api/challenge/:id`: the spec's challenge details, with the viewer's progress. */
export const challengeDetailSchema = challengeSummarySchema.extend({
  requirements: z.array(requirementSchema),
  /** The viewer won the prize (set once the challenge has finished and prizes are given). */
  prize_awarded: z.boolean(),
  /** Prizes have been given (once, after the end). */
  awarded: z.boolean(),
});
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>;

/** `POST /api/challenge/:id/requirements/:requirement_id/submit`. */
export const submitRequirementSchema = z.object({
  /** The uploaded proof (purpose `challenge_proof`), required when the requirement says so. */
  signed_id: z.string().min(1).max(1000).optional(),
  note: z.string().trim().max(SUBMISSION_NOTE_MAX, vm('atMostCharacters')).default(''),
});
export type SubmitRequirementInput = z.input<typeof submitRequirementSchema>;

export const requirementParamsSchema = z.object({ id: idParam, requirement_id: idParam });

/** `POST /api/challenge/submissions/:id/review`. */
export const reviewSubmissionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(REVIEW_REASON_MAX, vm('atMostCharacters')).default(''),
  })
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, {
    path: ['reason'],
    message: vm('rejectionReason'),
  });
export type ReviewSubmissionInput = z.input<typeof reviewSubmissionSchema>;

/** A submission as its reviewers see it. */
export const submissionSchema = z.object({
  id: z.number().int(),
  challenge_id: z.number().int(),
  requirement_id: z.number().int(),
  workout_title: z.string(),
  member: person,
  status: z.enum(submissionStatuses),
  reason: z.string().nullable(),
  note: z.string(),
  proof: proofSchema.nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** `GET /api/challenge/:id/submissions` (reviewers): the review queue, oldest first. */
export const submissionListSchema = z.object({ items: z.array(submissionSchema) });
export type SubmissionList = z.infer<typeof submissionListSchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  member: person,
  completed: z.number().int(),
  /** When they met every requirement, or null. */
  finished_at: z.string().nullable(),
  prize_awarded: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_SIZE = 100;

/** `GET /api/challenge/:id/leaderboard`: most requirements completed, then who got there first. */
export const leaderboardSchema = z.object({
  challenge_id: z.number().int(),
  status: z.enum(challengeStatuses),
  requirement_count: z.number().int(),
  participant_count: z.number().int(),
  entries: z.array(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
