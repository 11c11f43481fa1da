import { z } from 'zod';
import { gameSports } from './game-stats';
import { idParam } from './pagination';
import { hasVisibleText, isOneLine } from './text';
import { vm } from './validation-messages';

/**
 * Teams (issue 14, items 1–3): a team with a roster of members in team roles, and workouts
 * given to the whole team. Owners and coaches manage a team; players and scorers see it; to
 * anyone else it does not exist (404).
 */

/** The sports a team plays: the same as personal games. */
export const teamSports = gameSports;
export type TeamSport = (typeof teamSports)[number];

export const teamRoles = ['owner', 'coach', 'player', 'scorer'] as const;
export type TeamRole = (typeof teamRoles)[number];
/**
 * The roles "Add user" gives. A team starts with one owner, its creator; an owner makes other
 * members owners from the roster (`PUT /api/team/:id/users/:user_id`), never through Add user.
 */
export const assignableTeamRoles = ['coach', 'player', 'scorer'] as const;
export type AssignableTeamRole = (typeof assignableTeamRoles)[number];

/** Who may change a team, its roster and its workouts. */
export const managesTeam = (role: TeamRole | null | undefined) =>
  role === 'owner' || role === 'coach';

export const TEAM_NAME_MAX = 100;
export const TEAM_SEASON_MAX = 40;
export const ALIAS_MAX = 60;
/** Jersey numbers run from 0 (the spec's minimum) to 999, well past any league's. */
export const JERSEY_MAX = 999;
/** How many workouts one call adds; a team's list holds at most this many too. */
export const TEAM_WORKOUTS_MAX = 100;

const oneLine = (max: number, blankKey: Parameters<typeof vm>[0]) =>
  z
    .string({ error: vm(blankKey) })
    .trim()
    .max(max, vm('atMostCharacters'))
    .refine(hasVisibleText, vm(blankKey))
    .refine(isOneLine, vm('nameOnOneLine'));

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, vm('atMostCharacters'))
    .refine(isOneLine, vm('nameOnOneLine'))
    .default('');

/** `POST /api/team` and `PUT /api/team/:id` (a PUT replaces every field). */
export const teamInputSchema = z.object({
  name: oneLine(TEAM_NAME_MAX, 'enterTeamName'),
  sport: z.enum(teamSports, { error: vm('chooseSport') }),
  /** Free text as leagues name them ("2025–26", "Spring 2026"); may be empty. */
  season: optionalLine(TEAM_SEASON_MAX),
});
export type TeamInput = z.input<typeof teamInputSchema>;
export type TeamValues = z.output<typeof teamInputSchema>;

const jerseyNumber = z
  .number({ error: vm('jerseyWholeNumber') })
  .int(vm('jerseyWholeNumber'))
  .min(0, vm('jerseyNotNegative'))
  .max(JERSEY_MAX, vm('statAtMost'));

const rosterRowFields = {
  jersey_number: jerseyNumber.nullish().transform((v) => v ?? null),
  alias_name: optionalLine(ALIAS_MAX),
  alias_depedent_name: optionalLine(ALIAS_MAX),
};

/** The spec's rule for a player row: an alias name and a jersey number (at least 0). */
function playerRowRule(
  v: { role: TeamRole; alias_name: string; jersey_number: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.role !== 'player') return;
  if (!hasVisibleText(v.alias_name)) {
    ctx.addIssue({ code: 'custom', path: ['alias_name'], message: vm('enterAliasName') });
  }
  if (v.jersey_number === null) {
    ctx.addIssue({ code: 'custom', path: ['jersey_number'], message: vm('enterJersey') });
  }
}

/**
 * `POST /api/team/users` (the spec's "Add user", fields spelt as the spec spells them,
 * `alias_depedent_name` included). Adds the member, or changes their row when they are on the
 * roster already. A player needs an alias name and a jersey number (the spec's rule); coaches
 * and scorers may leave both empty.
 */
export const teamMemberInputSchema = z
  .object({
    user_id: idParam,
    team_id: idParam,
    ...rosterRowFields,
    role: z.enum(assignableTeamRoles, { error: vm('chooseTeamRole') }).default('player'),
  })
  .superRefine(playerRowRule);
export type TeamMemberInput = z.input<typeof teamMemberInputSchema>;
export type TeamMemberValues = z.output<typeof teamMemberInputSchema>;

export const teamMemberParamsSchema = z.object({ id: idParam, user_id: idParam });

/**
 * `PUT /api/team/:id/users/:user_id`: a roster row edited in place (a PUT replaces every field).
 * The same rules as Add user, and any role, owner included: only owners give or take the owner
 * role, and a team always keeps at least one owner (the server's rules).
 */
export const teamMemberUpdateSchema = z
  .object({
    ...rosterRowFields,
    role: z.enum(teamRoles, { error: vm('chooseAnyTeamRole') }),
  })
  .superRefine(playerRowRule);
export type TeamMemberUpdate = z.input<typeof teamMemberUpdateSchema>;
export type TeamMemberUpdateValues = z.output<typeof teamMemberUpdateSchema>;

/**
 * `POST /api/team/workouts`, the spec's two calls: `workout_ids` adds those workouts (those
 * already there stay, once); `workout_id` toggles one (adds it, or takes it off if it is there).
 */
export const teamWorkoutsInputSchema = z
  .object({
    team_id: idParam,
    workout_ids: z
      .array(idParam, { error: vm('chooseWorkouts') })
      .min(1, vm('chooseWorkouts'))
      .max(TEAM_WORKOUTS_MAX, vm('atMostWorkouts'))
      .optional(),
    workout_id: idParam.optional(),
  })
  // One call or the other, each with its own message (a union would only say "Invalid input").
  .superRefine((input, ctx) => {
    if ((input.workout_ids === undefined) === (input.workout_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['workout_ids'], message: vm('chooseWorkouts') });
    }
  })
  .transform(({ team_id, workout_ids, workout_id }) =>
    workout_ids !== undefined ? { team_id, workout_ids } : { team_id, workout_id: workout_id! },
  );
export type TeamWorkoutsInput = z.input<typeof teamWorkoutsInputSchema>;

const person = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof person>;

export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  role: z.enum(teamRoles),
  jersey_number: z.number().int().nullable(),
  alias_name: z.string(),
  alias_depedent_name: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A member who has logged a team workout since it was given: when, and how often. */
export const teamWorkoutLoggerSchema = person.extend({
  /** The day of their latest log of it (YYYY-MM-DD, the day they trained). */
  last_logged_on: z.string(),
  /** How many times they have logged it since it was given. */
  times: z.number().int(),
});
export type TeamWorkoutLogger = z.infer<typeof teamWorkoutLoggerSchema>;

export const teamWorkoutSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Whether the viewer has logged it since it was given to the team. */
  logged_by_me: z.boolean(),
  /**
   * The members who have logged it since it was given, latest first (managers only; null for
   * others).
   */
  logged_by: z.array(teamWorkoutLoggerSchema).nullable(),
  added_at: z.string(),
});
export type TeamWorkout = z.infer<typeof teamWorkoutSchema>;

export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.enum(teamSports),
  season: z.string(),
  photo_url: z.string().nullable(),
  my_role: z.enum(teamRoles),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.object({ items: z.array(teamSummarySchema) });
export type TeamList = z.infer<typeof teamListSchema>;

/** `GET /api/team/:id`: the team, its roster and its workouts. */
export const teamDetailSchema = teamSummarySchema.extend({
  can_manage: z.boolean(),
  /** The viewer's own user id: their roster row is the one they leave the team from. */
  my_user_id: z.number().int(),
  members: z.array(teamMemberSchema),
  workouts: z.array(teamWorkoutSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** The answer to "Add user": the member's `name` (the spec's answer) and their roster row. */
export const teamMemberAnswerSchema = z.object({ name: z.string(), member: teamMemberSchema });
export type TeamMemberAnswer = z.infer<typeof teamMemberAnswerSchema>;

/** The answer to `POST /api/team/workouts`: the team's workouts, with titles. */
export const teamWorkoutsAnswerSchema = z.object({ workouts: z.array(teamWorkoutSchema) });
export type TeamWorkoutsAnswer = z.infer<typeof teamWorkoutsAnswerSchema>;

/** `PUT /api/team/:id/photo`: attach an uploaded image (purpose `team_photo`). */
export const attachTeamPhotoSchema = z.object({
  signed_id: z.string().min(1, vm('uploadImageFirst')).max(1000),
});
