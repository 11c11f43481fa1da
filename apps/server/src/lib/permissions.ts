import type { Role } from '@fitcoach/shared/profile';

/**
 * Who may do what, for every route of the OpenAPI document (issue 14, "Roles and permissions";
 * docs/decisions/0033). The server refuses to start with a route missing here
 * (plugins/permissions.ts), enforces each entry's `gate` before the route runs, and
 * permissions.matrix.test.ts sends every route as every actor and checks the answer against
 * the entry. docs/permissions.md is generated from this file (`npm run docs:permissions -w
 * apps/server`).
 *
 * Adding a route: add `'METHOD /path/{param}'` (the OpenAPI spelling) to its feature's `routes`
 * in `permissionFeatures` below (with `on` naming the subject of each path parameter), then run
 * the matrix test and the docs script.
 */

/**
 * The people the matrix test sends each request as. Relationships are to the request's
 * subject (the resource its path or body names, see `on`):
 * - `anonymous`: no session.
 * - `member`: signed in, role member, no tie to the subject.
 * - `owner`: the member whose resource it is (their workout, log, diet, account…).
 * - `friend`: a friend of the owner, with whom the owner shared the subject where it can be.
 * - `team_player`, `team_scorer`, `team_coach`, `team_owner`: members of the subject team with
 *   that team role; a personal subject (a workout) was given to that team where it can be.
 * - `coach`: role coach, coaching the owner (an active coaching link).
 * - `admin`: role admin, with no tie to the subject.
 */
export const actors = [
  'anonymous',
  'member',
  'owner',
  'friend',
  'team_player',
  'team_scorer',
  'team_coach',
  'team_owner',
  'coach',
  'admin',
] as const;
export type Actor = (typeof actors)[number];

/** The account role each actor signs in with. */
export const actorRole: Record<Exclude<Actor, 'anonymous'>, Role> = {
  member: 'member',
  owner: 'member',
  friend: 'member',
  team_player: 'member',
  team_scorer: 'member',
  team_coach: 'member',
  team_owner: 'member',
  coach: 'coach',
  admin: 'admin',
};

/**
 * The coarse check every request passes before its route runs, enforced in one place
 * (plugins/permissions.ts): `public` lets anyone through; the others answer 401 without a
 * session, and `coach_or_admin` and `admin` answer 403 to other roles. What depends on the
 * subject (ownership, friendship, team roles, coaching) is the services' to check.
 */
export const gates = ['public', 'signed_in', 'coach_or_admin', 'admin'] as const;
export type Gate = (typeof gates)[number];

/** Roles each gate lets through (`null`: no session needed). */
const gateRoles: Record<Gate, readonly Role[] | null> = {
  public: null,
  signed_in: ['member', 'coach', 'admin'],
  coach_or_admin: ['coach', 'admin'],
  admin: ['admin'],
};

/** What a request may meet at the gate: passes, 401 (no session) or 403 (role). */
export function gateAnswer(gate: Gate, role: Role | null): 'pass' | 401 | 403 {
  const allowed = gateRoles[gate];
  if (allowed === null) return 'pass';
  if (role === null) return 401;
  return allowed.includes(role) ? 'pass' : 403;
}

/**
 * The resources a request can name (in its path or body): the matrix test makes each of them,
 * tied to the actors as `Actor` says.
 */
export const subjectTexts = {
  owner: "The owner's account.",
  friend: "The friend's account.",
  workout: "The owner's private workout, shared with the friend and given to the team.",
  workout_group: 'An exercise group of that workout.',
  workout_log: "The owner's log of that workout (also their feed entry).",
  feed_comment: "A comment by the friend on the owner's feed entry.",
  workout_share: "The friend's share of that workout (`/api/shared/{id}`), as the friend sees it.",
  program: "The owner's private program, shared with the friend.",
  diet: "The owner's diet, shared with the friend.",
  trainer_thread: "The owner's conversation with the trainer, shared with the friend.",
  trainer_memory: 'Something the trainer remembers of the owner.',
  game_stat: "The owner's personal game.",
  challenge: "The owner's friends-only challenge, running, joined by the friend.",
  upcoming_challenge: "The owner's friends-only challenge starting tomorrow.",
  challenge_requirement: 'A requirement of that challenge.',
  challenge_submission: "The friend's pending submission to that challenge.",
  coaching_link: "The coach's active link with the owner (their client).",
  coaching_invitation: "A coaching invitation waiting for the owner's answer.",
  friend_request: 'A member who asked the owner to be friends (waiting).',
  blocked_member: 'A member every signed-in actor has blocked.',
  team: 'The team of the team actors (owned by `team_owner`).',
  team_player: "The team's player (`team_player`'s account).",
  team_game: 'An open (live) game of that team.',
  exercise: 'A public library exercise.',
  trainer_persona: 'A trainer persona.',
  report: "Another member's open report of the owner's profile.",
  demo_video: 'A library exercise with a demo video.',
  food: 'A food of the food table.',
  tag: 'A tag of the exercise and workout lists.',
  library_workout: 'A FitCoach library workout (no owner).',
  video_analysis:
    "The owner's exercise video analysis, its video uploaded and its review asked of the coach.",
  video_comment: "The owner's comment on that analysis.",
} as const satisfies Record<string, string>;
export type Subject = keyof typeof subjectTexts;

export type Denial = 401 | 403 | 404;
export type Outcome = 'allow' | Denial;

export interface Permission {
  /** The coarse check before the route runs (see `Gate`). */
  gate: Gate;
  /** Who may, in a sentence for people (docs/permissions.md). */
  rule: string;
  /** Past the gate, who may: every actor, or these. */
  allow: 'all' | readonly Actor[];
  /** Past the gate, actors refused otherwise than `others` (403 where they may see it). */
  deny?: Partial<Record<Actor, 403 | 404>>;
  /** Past the gate, everyone not allowed nor in `deny`: 404 (default) hides that it exists. */
  others?: 403 | 404;
  /** The subjects the request names, by path parameter and body field. */
  on?: { params?: Record<string, Subject>; body?: Record<string, Subject> };
  /**
   * The request changes its subject or the actors' ties (deletes, blocks, suspends): the matrix
   * test makes a fresh subject for each actor.
   */
  fresh?: true;
}

/** A feature's routes, under the heading docs/permissions.md shows them. */
export interface PermissionFeature {
  feature: string;
  routes: Record<string, Permission>;
}

/** What `actor` should get from a route with this entry. */
export function expectedOutcome(permission: Permission, actor: Actor): Outcome {
  const role = actor === 'anonymous' ? null : actorRole[actor];
  const gate = gateAnswer(permission.gate, role);
  if (gate !== 'pass') return gate;
  const { allow } = permission;
  if (allow === 'all' || allow.includes(actor)) return 'allow';
  return permission.deny?.[actor] ?? permission.others ?? 404;
}

/** `GET /api/workout/{id}`: a route's key in the table, as the OpenAPI document spells it. */
export function operationKey(method: string, url: string): string {
  const path = url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{*}');
  return `${method.toUpperCase()} ${path}`;
}

/** Every actor past the gate may. */
const anyone = (gate: Gate, rule: string): Permission => ({ gate, rule, allow: 'all' });

/** Admins only: 403 for every other role. */
const admins = (rule: string, extra: Partial<Permission> = {}): Permission => ({
  ...anyone('admin', rule),
  ...extra,
});

/** A signed-in member's own things (their profile, their lists): anyone signed in. */
const signedIn = (rule: string, extra: Partial<Permission> = {}): Permission => ({
  ...anyone('signed_in', rule),
  ...extra,
});

// The table, one block per feature; keys as the OpenAPI document spells them. Past the gate,
// `allow` may; `deny` names who is refused otherwise; anyone else gets `others` (404 unless
// said: hiding a private thing answers 404, so its id tells a stranger nothing).

/**
 * One kind of the admin area's Content tab: list, add, read, change, retire, restore, remove.
 * Admins only; a write gets a fresh item per actor (it is changed, retired or deleted).
 */
function contentRoutes(kind: string, subject: Subject): Record<string, Permission> {
  const base = `/api/admin/content/${kind}`;
  const one = { on: { params: { id: subject } } };
  return {
    [`GET ${base}`]: admins('Admins.'),
    [`POST ${base}`]: admins('Admins.'),
    [`GET ${base}/{id}`]: admins('Admins.', one),
    [`PUT ${base}/{id}`]: admins('Admins.', { ...one, fresh: true }),
    [`POST ${base}/{id}/retire`]: admins('Admins.', { ...one, fresh: true }),
    [`POST ${base}/{id}/restore`]: admins('Admins.', { ...one, fresh: true }),
    [`DELETE ${base}/{id}`]: admins('Admins (retired instead when something uses it).', {
      ...one,
      fresh: true,
    }),
  };
}

/** Those a workout is visible to: its owner, those it was shared with, admins. */
const seesWorkout: readonly Actor[] = [
  'owner',
  'friend',
  'team_player',
  'team_scorer',
  'team_coach',
  'team_owner',
  'admin',
];
const teamMembers: readonly Actor[] = ['team_player', 'team_scorer', 'team_coach', 'team_owner'];
const teamManagers: readonly Actor[] = ['team_coach', 'team_owner'];
/** Who sees an exercise video analysis: its member, the coach asked to review it, admins. */
const seesAnalysis: readonly Actor[] = ['owner', 'coach', 'admin'];
/** Who enters a team's game stats (`scoresTeam`). */
const teamScorers: readonly Actor[] = ['team_scorer', 'team_coach', 'team_owner'];

export const permissionFeatures: readonly PermissionFeature[] = [
  {
    feature: 'Health, badges, uploads',
    routes: {
      'GET /health': anyone('public', 'Anyone (load balancers).'),
      'GET /achievements/{file}': anyone('public', 'Anyone: badge art holds nothing personal.'),
      'POST /rails/active_storage/direct_uploads': signedIn(
        'Any member declares a file they send.',
      ),
      'PUT /rails/active_storage/disk/{*}': anyone(
        'public',
        'Whoever holds the signed, short-lived URL the declaration answered (the URL is the permission).',
      ),
    },
  },
  {
    feature: 'Accounts and sessions',
    routes: {
      'GET /api/auth/me': anyone('public', 'Anyone: who is signed in (nobody) and a CSRF token.'),
      'POST /api/auth/sign_up': anyone('public', 'Anyone.'),
      'POST /api/auth/sign_in': anyone('public', 'Anyone.'),
      'DELETE /api/auth/sign_out': anyone('public', 'Anyone (signed out already is fine).'),
    },
  },
  {
    feature: 'Profile',
    routes: {
      'GET /api/profile': signedIn('The member’s own profile.'),
      'PUT /api/profile': signedIn('The member’s own profile.'),
      'PUT /api/profile/locale': signedIn('The member’s own language.'),
      'PUT /api/profile/activity_visibility': signedIn('The member’s own setting.'),
      'PUT /api/profile/password': signedIn(
        'The member’s own password (the current one is asked).',
      ),
      'PUT /api/profile/avatar': signedIn('The member’s own photo, from a file they uploaded.'),
      'DELETE /api/profile/avatar': signedIn('The member’s own photo.'),
      'GET /api/users/{id}/avatar': {
        gate: 'signed_in',
        rule: 'The member, their friends, members they asked to be friends, teammates, coaches and admins; 403 for others (members are found by search anyway).',
        allow: ['owner', 'friend', 'coach', 'admin'],
        others: 403,
        on: { params: { id: 'owner' } },
      },
    },
  },
  {
    feature: 'Exercises',
    routes: {
      'GET /api/exercise': signedIn('Any member: the library.'),
      'POST /api/exercise/filter': signedIn('Any member: the library.'),
      'GET /api/exercise/{id}': signedIn('Any member: the library.', {
        on: { params: { id: 'exercise' } },
      }),
      'GET /api/tags': signedIn('Any member.'),
    },
  },
  {
    feature: 'Workouts',
    routes: {
      'GET /api/workout': signedIn('Any member: the workouts they may see.'),
      'POST /api/workout/filter': signedIn('Any member: the workouts they may see.'),
      'POST /api/workout': signedIn('Any member: a workout of their own.'),
      'GET /api/workout/{id}': {
        gate: 'signed_in',
        rule: 'Public ones: anyone. Private ones: the owner, members it was shared with (a friend, the teams it was given to) and admins.',
        allow: seesWorkout,
        on: { params: { id: 'workout' } },
      },
      'PUT /api/workout/{id}': {
        gate: 'signed_in',
        rule: 'The owner and admins; 403 for those who may only see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403, team_player: 403, team_scorer: 403, team_coach: 403, team_owner: 403 },
        on: { params: { id: 'workout' } },
      },
      'DELETE /api/workout/{id}': {
        gate: 'signed_in',
        rule: 'The owner and admins; 403 for those who may only see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403, team_player: 403, team_scorer: 403, team_coach: 403, team_owner: 403 },
        on: { params: { id: 'workout' } },
        fresh: true,
      },
      'POST /api/workout/{id}/copy': {
        gate: 'signed_in',
        rule: 'Whoever may see it.',
        allow: seesWorkout,
        on: { params: { id: 'workout' } },
      },
      'POST /api/workout/like': {
        gate: 'signed_in',
        rule: 'Whoever may see the group’s workout.',
        allow: seesWorkout,
        on: { body: { exercise_group_id: 'workout_group' } },
      },
      'POST /api/workout/share_workout': {
        gate: 'signed_in',
        rule: 'Its owner, with a friend (a public one: anyone, with a friend); 403 for those who may only see a private one.',
        allow: ['owner'],
        deny: {
          friend: 403,
          team_player: 403,
          team_scorer: 403,
          team_coach: 403,
          team_owner: 403,
          admin: 403,
        },
        on: { body: { workout_id: 'workout', friend_id: 'friend' } },
      },
      'POST /api/workout/{id}/log': {
        gate: 'signed_in',
        rule: 'Whoever may see it logs it as their own.',
        allow: seesWorkout,
        on: { params: { id: 'workout' } },
      },
    },
  },
  {
    feature: 'Guided workouts',
    routes: {
      'GET /api/workout/{id}/guided': {
        gate: 'signed_in',
        rule: 'Whoever may see the workout: their own session of it.',
        allow: seesWorkout,
        on: { params: { id: 'workout' } },
      },
      'DELETE /api/workout/{id}/guided': {
        gate: 'signed_in',
        rule: 'Whoever may see the workout: their own session of it.',
        allow: seesWorkout,
        on: { params: { id: 'workout' } },
      },
      'POST /api/workout/{id}/guided/complete': {
        gate: 'signed_in',
        rule: 'Whoever may see the workout: their own session of it.',
        allow: seesWorkout,
        on: { params: { id: 'workout' }, body: { exercise_group_id: 'workout_group' } },
      },
      'POST /api/workout/{id}/guided/skip': {
        gate: 'signed_in',
        rule: 'Whoever may see the workout: their own session of it.',
        allow: seesWorkout,
        on: { params: { id: 'workout' }, body: { exercise_group_id: 'workout_group' } },
      },
    },
  },
  {
    feature: 'Workout logs and stats',
    routes: {
      'POST /api/workout_log/manual': signedIn('Any member: a log of their own.'),
      'GET /api/workout_log': signedIn('Any member: their own history.'),
      'DELETE /api/workout_log/{id}': {
        gate: 'signed_in',
        rule: 'Its owner only.',
        allow: ['owner'],
        on: { params: { id: 'workout_log' } },
        fresh: true,
      },
      'POST /api/workout/chart_data': {
        gate: 'signed_in',
        rule: 'Any member: their own sessions of a workout they may see.',
        allow: seesWorkout,
        on: { body: { workout_id: 'workout' } },
      },
      'GET /api/stats/personal': signedIn('Any member: their own.'),
    },
  },
  {
    feature: 'Personal game stats',
    routes: {
      'GET /api/game_stats': signedIn('Any member: their own games.'),
      'POST /api/game_stats': signedIn('Any member: a game of their own.'),
      'PUT /api/game_stats/{id}': {
        gate: 'signed_in',
        rule: 'Its owner only.',
        allow: ['owner'],
        on: { params: { id: 'game_stat' } },
      },
      'DELETE /api/game_stats/{id}': {
        gate: 'signed_in',
        rule: 'Its owner only.',
        allow: ['owner'],
        on: { params: { id: 'game_stat' } },
        fresh: true,
      },
    },
  },
  {
    feature: 'Programs',
    routes: {
      'GET /api/program': signedIn('Any member: the programs they may see.'),
      'POST /api/program': signedIn(
        'Any member: a program of their own (public ones: coaches and admins).',
      ),
      'GET /api/program/today': signedIn('Any member: their own day.'),
      'GET /api/program/{id}': {
        gate: 'signed_in',
        rule: 'Public ones: anyone. Others: the owner, friends (friends-only ones), members it was shared with, and admins.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'PUT /api/program/{id}': {
        gate: 'signed_in',
        rule: 'Its owner and admins; 403 for those who may only see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403 },
        on: { params: { id: 'program' } },
      },
      'DELETE /api/program/{id}': {
        gate: 'signed_in',
        rule: 'Its owner and admins; 403 for those who may only see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403 },
        on: { params: { id: 'program' } },
        fresh: true,
      },
      'POST /api/program/share_program': {
        gate: 'signed_in',
        rule: 'Its owner, with a friend; 403 for those who may only see it.',
        allow: ['owner'],
        deny: { friend: 403, admin: 403 },
        on: { body: { program_id: 'program', friend_id: 'friend' } },
      },
      'POST /api/program/{id}/copy': {
        gate: 'signed_in',
        rule: 'Whoever may see it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'POST /api/program/{id}/start': {
        gate: 'signed_in',
        rule: 'Whoever may see it follows it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'POST /api/program/{id}/pause': {
        gate: 'signed_in',
        rule: 'Whoever may see it: their own following of it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'POST /api/program/{id}/resume': {
        gate: 'signed_in',
        rule: 'Whoever may see it: their own following of it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'POST /api/program/{id}/leave': {
        gate: 'signed_in',
        rule: 'Whoever may see it: their own following of it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'program' } },
      },
      'POST /api/virtual_trainer': signedIn('Any member: a plan of their own.'),
    },
  },
  {
    feature: 'Diets',
    routes: {
      'GET /api/diet': signedIn('Any member: their own diets and those shared with them.'),
      'GET /api/diet/{id}': {
        gate: 'signed_in',
        rule: 'Its owner and friends it was shared with.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'diet' } },
      },
      'PUT /api/diet/{id}': {
        gate: 'signed_in',
        rule: 'Its owner; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { params: { id: 'diet' } },
      },
      'POST /api/diet/{id}/restore': {
        gate: 'signed_in',
        rule: 'Its owner; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { params: { id: 'diet' } },
      },
      'GET /api/diet/{id}/versions': {
        gate: 'signed_in',
        rule: 'Its owner and friends it was shared with.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'diet' } },
      },
      'POST /api/diet/{id}/copy': {
        gate: 'signed_in',
        rule: 'Its owner and friends it was shared with.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'diet' } },
      },
      'POST /api/diet/share_diet': {
        gate: 'signed_in',
        rule: 'Its owner, with a friend; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { body: { diet_id: 'diet', friend_id: 'friend' } },
      },
    },
  },
  {
    feature: 'AI trainer',
    routes: {
      'GET /api/trainer_persona': signedIn('Any member.'),
      'GET /api/trainer_persona/{id}': signedIn('Any member.', {
        on: { params: { id: 'trainer_persona' } },
      }),
      'POST /api/trainer/chat': {
        gate: 'signed_in',
        rule: 'Any member, in a new conversation or one of their own (not one shared with them).',
        allow: ['owner'],
        on: { body: { thread_id: 'trainer_thread' } },
      },
      'POST /api/trainer/ask': {
        gate: 'signed_in',
        rule: 'Any member, in a new conversation or one of their own, about a workout they may see.',
        allow: ['owner'],
        on: { body: { thread_id: 'trainer_thread', workout_id: 'workout' } },
      },
      'GET /api/trainer/threads': signedIn('Any member: their own conversations.'),
      'GET /api/trainer/threads/{id}': {
        gate: 'signed_in',
        rule: 'Its owner and friends it was shared with (read-only).',
        allow: ['owner', 'friend'],
        on: { params: { id: 'trainer_thread' } },
      },
      'PATCH /api/trainer/threads/{id}': {
        gate: 'signed_in',
        rule: 'Its owner; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { params: { id: 'trainer_thread' } },
      },
      'DELETE /api/trainer/threads/{id}': {
        gate: 'signed_in',
        rule: 'Its owner; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { params: { id: 'trainer_thread' } },
        fresh: true,
      },
      'POST /api/trainer/share_thread': {
        gate: 'signed_in',
        rule: 'Its owner, with a friend; 403 for a friend it was shared with.',
        allow: ['owner'],
        deny: { friend: 403 },
        on: { body: { thread_id: 'trainer_thread', friend_id: 'friend' } },
      },
      'POST /api/trainer/threads/{id}/copy': {
        gate: 'signed_in',
        rule: 'Its owner and friends it was shared with.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'trainer_thread' } },
      },
      'GET /api/trainer/memory': signedIn('Any member: what the trainer remembers of them.'),
      'PATCH /api/trainer/memory/{id}': {
        gate: 'signed_in',
        rule: 'Its member only.',
        allow: ['owner'],
        on: { params: { id: 'trainer_memory' } },
      },
      'DELETE /api/trainer/memory/{id}': {
        gate: 'signed_in',
        rule: 'Its member only.',
        allow: ['owner'],
        on: { params: { id: 'trainer_memory' } },
        fresh: true,
      },
    },
  },
  {
    feature: 'Friends, search, invitations',
    routes: {
      'GET /api/friends': signedIn('Any member: their own friends and requests.'),
      'POST /api/profile/add_friend': signedIn('Any member asks any other (blocks aside).', {
        on: { body: { friend_id: 'owner' } },
      }),
      'POST /api/friends/{id}/accept': {
        gate: 'signed_in',
        rule: 'The member who was asked.',
        allow: ['owner'],
        on: { params: { id: 'friend_request' } },
        fresh: true,
      },
      'POST /api/friends/{id}/decline': {
        gate: 'signed_in',
        rule: 'The member who was asked.',
        allow: ['owner'],
        on: { params: { id: 'friend_request' } },
        fresh: true,
      },
      'DELETE /api/friends/{id}': {
        gate: 'signed_in',
        rule: 'Either friend (or the asker, withdrawing).',
        allow: ['friend'],
        on: { params: { id: 'owner' } },
        fresh: true,
      },
      'POST /api/friends/{id}/block': signedIn('Any member blocks any other.', {
        on: { params: { id: 'owner' } },
        fresh: true,
      }),
      'DELETE /api/friends/{id}/block': signedIn('Any member: their own blocks.', {
        on: { params: { id: 'blocked_member' } },
        fresh: true,
      }),
      'GET /api/members/search': signedIn('Any member (blocked members are not found).'),
      'POST /api/profile/invite_friend': signedIn('Any member (rate limited).'),
      'GET /api/invitations/{token}': anyone(
        'public',
        'Anyone holding the link (sign-up prefills).',
      ),
      'POST /api/friends/import': signedIn('Any member: their own contacts.'),
      'POST /api/friends/import/confirm': signedIn('Any member: their own contacts.'),
    },
  },
  {
    feature: 'Feed and shared items',
    routes: {
      'GET /api/feed': signedIn('Any member: their own and their friends’ activity.'),
      'POST /api/feed/{id}/kudos': {
        gate: 'signed_in',
        rule: 'The log’s owner and friends they show their activity to.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'workout_log' } },
      },
      'GET /api/feed/{id}/comments': {
        gate: 'signed_in',
        rule: 'The log’s owner and friends they show their activity to.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'workout_log' } },
      },
      'POST /api/feed/{id}/comments': {
        gate: 'signed_in',
        rule: 'The log’s owner and friends they show their activity to.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'workout_log' } },
      },
      'DELETE /api/feed/comments/{id}': {
        gate: 'signed_in',
        rule: 'Its author and the log’s owner; 403 for others who see the entry.',
        allow: ['owner', 'friend'],
        on: { params: { id: 'feed_comment' } },
        fresh: true,
      },
      'GET /api/shared': signedIn('Any member: what was shared with them.'),
      'GET /api/shared/diets': signedIn('Any member: what was shared with them.'),
      'GET /api/shared/programs': signedIn('Any member: what was shared with them.'),
      'GET /api/shared/trainer_threads': signedIn('Any member: what was shared with them.'),
      'POST /api/shared/{id}/save': {
        gate: 'signed_in',
        rule: 'The member it was shared with.',
        allow: ['friend'],
        on: { params: { id: 'workout_share' } },
      },
    },
  },
  {
    feature: 'Chat and notifications',
    routes: {
      'GET /api/chat/unread': signedIn('Any member: their own conversations.'),
      'GET /api/chat/{friend_id}/messages': {
        gate: 'signed_in',
        rule: 'Friends (neither blocking the other); 403 for anyone else and for oneself.',
        allow: ['friend'],
        others: 403,
        on: { params: { friend_id: 'owner' } },
      },
      'POST /api/chat/{friend_id}/messages': {
        gate: 'signed_in',
        rule: 'Friends (neither blocking the other); 403 for anyone else and for oneself.',
        allow: ['friend'],
        others: 403,
        on: { params: { friend_id: 'owner' } },
      },
      'POST /api/chat/{friend_id}/read': {
        gate: 'signed_in',
        rule: 'Friends (neither blocking the other); 403 for anyone else and for oneself.',
        allow: ['friend'],
        others: 403,
        on: { params: { friend_id: 'owner' } },
      },
      'GET /api/notifications': signedIn('Any member: their own.'),
      'POST /api/notifications/read': signedIn('Any member: their own.'),
      'POST /api/notifications/announcements': admins('Admins.'),
    },
  },
  {
    feature: 'Challenges',
    routes: {
      'GET /api/challenge': signedIn('Any member: the challenges they may see.'),
      'POST /api/challenge': signedIn(
        'Any member: friends-only ones; coaches and admins: any visibility.',
      ),
      'GET /api/challenge/{id}': {
        gate: 'signed_in',
        rule: 'Its creator; once published, by visibility (public: anyone; friends: the creator’s friends and participants; team: the team’s members), and admins.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'challenge' } },
      },
      'PUT /api/challenge/{id}': {
        gate: 'signed_in',
        rule: 'Its creator, before it starts; 403 for others who see it.',
        allow: ['owner'],
        deny: { friend: 403, admin: 403 },
        on: { params: { id: 'upcoming_challenge' } },
      },
      'POST /api/challenge/{id}/join': {
        gate: 'signed_in',
        rule: 'Whoever sees it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'challenge' } },
        fresh: true,
      },
      'POST /api/challenge/{id}/requirements/{requirement_id}/submit': {
        gate: 'signed_in',
        rule: 'Its participants; 403 for others who see it.',
        allow: ['friend'],
        deny: { owner: 403, admin: 403 },
        on: { params: { id: 'challenge', requirement_id: 'challenge_requirement' } },
      },
      'GET /api/challenge/{id}/submissions': {
        gate: 'signed_in',
        rule: 'Its reviewers who see it (its creator, coaches, admins; a team challenge’s team owners and coaches); 403 for others who see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403 },
        on: { params: { id: 'challenge' } },
      },
      'POST /api/challenge/submissions/{id}/review': {
        gate: 'signed_in',
        rule: 'The challenge’s reviewers who see it, never on their own; 403 for others who see it.',
        allow: ['owner', 'admin'],
        deny: { friend: 403 },
        on: { params: { id: 'challenge_submission' } },
      },
      'GET /api/challenge/submissions/{id}/proof': {
        gate: 'signed_in',
        rule: 'The member who sent it and the challenge’s reviewers who see it.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'challenge_submission' } },
      },
      'GET /api/challenge/{id}/leaderboard': {
        gate: 'signed_in',
        rule: 'Whoever sees the challenge.',
        allow: ['owner', 'friend', 'admin'],
        on: { params: { id: 'challenge' } },
      },
    },
  },
  {
    feature: 'Coaching',
    routes: {
      'GET /api/coach/clients': anyone('coach_or_admin', 'Coaches and admins: their own clients.'),
      'POST /api/coach/clients': {
        ...anyone('coach_or_admin', 'Coaches and admins invite a member.'),
        on: { body: { user_id: 'owner' } },
      },
      'GET /api/coach/clients/{id}': {
        gate: 'coach_or_admin',
        rule: 'The coach of that active link.',
        allow: ['coach'],
        on: { params: { id: 'coaching_link' } },
      },
      'DELETE /api/coach/clients/{id}': {
        gate: 'signed_in',
        rule: 'Either side of the link (the coach or the client).',
        allow: ['coach', 'owner'],
        on: { params: { id: 'coaching_link' } },
        fresh: true,
      },
      'POST /api/coach/clients/{id}/assign': {
        gate: 'coach_or_admin',
        rule: 'The coach of that active link, with their own or a public program.',
        allow: ['coach'],
        on: { params: { id: 'coaching_link' } },
      },
      'GET /api/coach/mine': signedIn('Any member: their own coaches and invitations.'),
      'POST /api/coach/invitations/{id}/accept': {
        gate: 'signed_in',
        rule: 'The invited member.',
        allow: ['owner'],
        on: { params: { id: 'coaching_invitation' } },
        fresh: true,
      },
      'POST /api/coach/invitations/{id}/decline': {
        gate: 'signed_in',
        rule: 'The invited member.',
        allow: ['owner'],
        on: { params: { id: 'coaching_invitation' } },
        fresh: true,
      },
      'GET /api/coach/log_comments': signedIn('Any member: comments on their own logs.'),
      'GET /api/workout_log/{id}/comments': {
        gate: 'signed_in',
        rule: 'The log’s owner and their active coaches.',
        allow: ['owner', 'coach'],
        on: { params: { id: 'workout_log' } },
      },
      'POST /api/workout_log/{id}/comments': {
        gate: 'signed_in',
        rule: 'The log’s owner and their active coaches.',
        allow: ['owner', 'coach'],
        on: { params: { id: 'workout_log' } },
      },
    },
  },
  {
    feature: 'Teams',
    routes: {
      'GET /api/team': signedIn('Any member: the teams they are on.'),
      'POST /api/team': signedIn('Any member makes a team and owns it.'),
      'GET /api/team/{id}': {
        gate: 'signed_in',
        rule: 'Its members (admins included only if on it).',
        allow: teamMembers,
        on: { params: { id: 'team' } },
      },
      'PUT /api/team/{id}': {
        gate: 'signed_in',
        rule: 'Its owners and coaches; 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { params: { id: 'team' } },
      },
      'DELETE /api/team/{id}': {
        gate: 'signed_in',
        rule: 'Its owners; 403 for its other members.',
        allow: ['team_owner'],
        deny: { team_player: 403, team_scorer: 403, team_coach: 403 },
        on: { params: { id: 'team' } },
        fresh: true,
      },
      'POST /api/team/users': {
        gate: 'signed_in',
        rule: 'Its owners and coaches; 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { body: { team_id: 'team', user_id: 'team_player' } },
      },
      'PUT /api/team/{id}/users/{user_id}': {
        gate: 'signed_in',
        rule: 'Its owners and coaches edit a roster row (only owners give or take the owner role, and one owner always stays); 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { params: { id: 'team', user_id: 'team_player' } },
      },
      'DELETE /api/team/{id}/users/{user_id}': {
        gate: 'signed_in',
        rule: 'Its owners and coaches (an owner is removed by another owner only); any member leaving (not the last owner); 403 for other members.',
        allow: ['team_player', 'team_coach', 'team_owner'],
        deny: { team_scorer: 403 },
        on: { params: { id: 'team', user_id: 'team_player' } },
        fresh: true,
      },
      'POST /api/team/workouts': {
        gate: 'signed_in',
        rule: 'Its owners and coaches, with public workouts or their own (not ones only shared with them); 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { body: { team_id: 'team' } },
      },
      'PUT /api/team/{id}/photo': {
        gate: 'signed_in',
        rule: 'Its owners and coaches; 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { params: { id: 'team' } },
      },
      'DELETE /api/team/{id}/photo': {
        gate: 'signed_in',
        rule: 'Its owners and coaches; 403 for its players and scorers.',
        allow: teamManagers,
        deny: { team_player: 403, team_scorer: 403 },
        on: { params: { id: 'team' } },
      },
      'GET /api/team/{id}/photo': {
        gate: 'signed_in',
        rule: 'Its members.',
        allow: teamMembers,
        on: { params: { id: 'team' } },
      },
    },
  },
  {
    feature: 'Team game stats',
    routes: {
      'POST /api/team/stats': {
        gate: 'signed_in',
        rule: 'Its owner, coaches and scorers (the sheet’s players on the team); 403 for its players.',
        allow: teamScorers,
        deny: { team_player: 403 },
        on: { body: { team_id: 'team' } },
      },
      'GET /api/team/{id}/stats': {
        gate: 'signed_in',
        rule: 'Its members.',
        allow: teamMembers,
        on: { params: { id: 'team' } },
      },
      'POST /api/team/{id}/stats/games': {
        gate: 'signed_in',
        rule: 'Its owner, coaches and scorers; 403 for its players.',
        allow: teamScorers,
        deny: { team_player: 403 },
        on: { params: { id: 'team' } },
      },
      'GET /api/team/{id}/stats/{game_id}': {
        gate: 'signed_in',
        rule: 'Its members.',
        allow: teamMembers,
        on: { params: { id: 'team', game_id: 'team_game' } },
      },
      'PUT /api/team/{id}/stats/{game_id}': {
        gate: 'signed_in',
        rule: 'Its owner, coaches and scorers, while the game is open; 403 for its players.',
        allow: teamScorers,
        deny: { team_player: 403 },
        on: { params: { id: 'team', game_id: 'team_game' } },
      },
      'DELETE /api/team/{id}/stats/{game_id}': {
        gate: 'signed_in',
        rule: 'An open game: its owner, coaches and scorers; a final one: its owner and coaches; 403 for its players.',
        allow: teamScorers,
        deny: { team_player: 403 },
        on: { params: { id: 'team', game_id: 'team_game' } },
        fresh: true,
      },
      'PUT /api/team/{id}/stats/{game_id}/rows/{player_id}': {
        gate: 'signed_in',
        rule: 'Its owner, coaches and scorers, while the game is open, for a member of the team; 403 for its players.',
        allow: teamScorers,
        deny: { team_player: 403 },
        on: { params: { id: 'team', game_id: 'team_game', player_id: 'team_player' } },
      },
    },
  },
  {
    feature: 'Exercise video analysis',
    routes: {
      'POST /api/video_analysis': signedIn(
        'Any member: an analysis of their own (tied to a set of a log of their own).',
      ),
      'GET /api/video_analysis': signedIn('Any member: their own.'),
      'GET /api/video_analysis/reviews': anyone(
        'coach_or_admin',
        'Coaches: those asked of them or of any coach, and those they reviewed; admins: all.',
      ),
      'GET /api/video_analysis/{id}': {
        gate: 'signed_in',
        rule: 'Its member, the coach reviewing it (asked by name, or any coach while nobody has taken an "any coach" request) and admins.',
        allow: seesAnalysis,
        on: { params: { id: 'video_analysis' } },
      },
      'DELETE /api/video_analysis/{id}': {
        gate: 'signed_in',
        rule: 'Its member; 403 for the others who see it.',
        allow: ['owner'],
        deny: { coach: 403, admin: 403 },
        on: { params: { id: 'video_analysis' } },
        fresh: true,
      },
      'PUT /api/video_analysis/{id}/video': {
        gate: 'signed_in',
        rule: 'Its member, with a video they uploaded; 403 for the others who see it.',
        allow: ['owner'],
        deny: { coach: 403, admin: 403 },
        on: { params: { id: 'video_analysis' } },
        fresh: true,
      },
      'DELETE /api/video_analysis/{id}/video': {
        gate: 'signed_in',
        rule: 'Its member; 403 for the others who see it.',
        allow: ['owner'],
        deny: { coach: 403, admin: 403 },
        on: { params: { id: 'video_analysis' } },
        fresh: true,
      },
      'GET /api/video_analysis/{id}/video': {
        gate: 'signed_in',
        rule: 'Whoever sees the analysis.',
        allow: seesAnalysis,
        on: { params: { id: 'video_analysis' } },
      },
      'GET /api/video_analysis/{id}/poster': {
        gate: 'signed_in',
        rule: 'Whoever sees the analysis.',
        allow: seesAnalysis,
        on: { params: { id: 'video_analysis' } },
      },
      'POST /api/video_analysis/{id}/review': {
        gate: 'signed_in',
        rule: 'Its member (once the video is uploaded); 403 for the others who see it.',
        allow: ['owner'],
        deny: { coach: 403, admin: 403 },
        on: { params: { id: 'video_analysis' } },
        fresh: true,
      },
      'POST /api/video_analysis/{id}/comments': {
        gate: 'signed_in',
        rule: 'Its member and the coach reviewing it; 403 for admins.',
        allow: ['owner', 'coach'],
        deny: { admin: 403 },
        on: { params: { id: 'video_analysis' } },
        fresh: true,
      },
      'DELETE /api/video_analysis/{id}/comments/{comment_id}': {
        gate: 'signed_in',
        rule: 'The comment’s author; 403 for the others who see the analysis.',
        allow: ['owner'],
        deny: { coach: 403, admin: 403 },
        on: { params: { id: 'video_analysis', comment_id: 'video_comment' } },
        fresh: true,
      },
    },
  },
  {
    feature: 'Admin',
    routes: {
      'GET /api/admin/users': admins('Admins.'),
      'GET /api/admin/users/{id}': admins('Admins.', { on: { params: { id: 'owner' } } }),
      'PUT /api/admin/users/{id}/role': admins('Admins (never leaving no admin).', {
        on: { params: { id: 'owner' } },
        fresh: true,
      }),
      'POST /api/admin/users/{id}/suspend': admins('Admins (never leaving no admin).', {
        on: { params: { id: 'owner' } },
        fresh: true,
      }),
      'POST /api/admin/users/{id}/reactivate': admins('Admins.', {
        on: { params: { id: 'owner' } },
      }),
      'DELETE /api/admin/users/{id}': admins('Admins, after typing the member’s email.', {
        on: { params: { id: 'owner' } },
        fresh: true,
      }),
      'GET /api/admin/users/{id}/export': admins('Admins.', { on: { params: { id: 'owner' } } }),
      'GET /api/admin/audit': admins('Admins.'),
      'GET /api/admin/outbox': admins('Admins.'),
      'GET /api/admin/mail': admins('Admins (the outbox’s former address).'),
      'GET /api/admin/system': admins('Admins.'),
    },
  },
  {
    feature: 'Reports and moderation',
    routes: {
      'POST /api/reports': {
        gate: 'signed_in',
        rule: 'Any member, about what they can see (a message sent to them, a proof they review, any member’s profile); 403 for their own.',
        allow: [
          'member',
          'friend',
          'team_player',
          'team_scorer',
          'team_coach',
          'team_owner',
          'coach',
          'admin',
        ],
        deny: { owner: 403 },
        on: { body: { target_id: 'owner' } },
      },
      'GET /api/admin/reports': admins('Admins; coaches are not moderators (decision 0032).'),
      'POST /api/admin/reports/{id}/resolve': admins(
        'Admins; coaches are not moderators (decision 0032).',
        { on: { params: { id: 'report' } } },
      ),
    },
  },
  {
    feature: 'Admin content (exercises, library workouts, foods, trainer personas, tags)',
    routes: {
      ...contentRoutes('exercises', 'exercise'),
      ...contentRoutes('foods', 'food'),
      ...contentRoutes('personas', 'trainer_persona'),
      ...contentRoutes('tags', 'tag'),
      ...contentRoutes('workouts', 'library_workout'),
      'POST /api/admin/content/workouts/copy': admins(
        'Admins, with a workout they can open (copied into the library).',
        { on: { body: { workout_id: 'workout' } } },
      ),
      'PUT /api/exercise/{id}/video': {
        ...anyone('coach_or_admin', 'Coaches and admins, with a video they uploaded.'),
        on: { params: { id: 'exercise' } },
      },
      'DELETE /api/exercise/{id}/video': {
        ...anyone('coach_or_admin', 'Coaches and admins.'),
        on: { params: { id: 'exercise' } },
      },
      'GET /api/exercise/{id}/video': signedIn('Any member: the library’s demo videos.', {
        on: { params: { id: 'demo_video' } },
      }),
    },
  },
];

/** Every route's entry by its key, from the features above (a key twice is a mistake). */
export const permissionTable: Readonly<Record<string, Permission>> = Object.fromEntries(
  permissionFeatures.flatMap(({ routes }) => Object.entries(routes)),
);
