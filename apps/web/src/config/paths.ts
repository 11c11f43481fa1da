import type { AdminTab } from '@fitcoach/shared/admin';

/** Every route of the web app, with its href builder. */
export const paths = {
  home: { path: '/', href: () => '/' },
  signIn: {
    path: '/sign-in',
    href: (next?: string) =>
      next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  profile: { path: '/profile', href: () => '/profile' },
  exercises: { path: '/exercises', href: () => '/exercises' },
  exercise: { path: '/exercises/:id', href: (id: number) => `/exercises/${id}` },
  workouts: { path: '/workouts', href: () => '/workouts' },
  workout: { path: '/workouts/:id', href: (id: number) => `/workouts/${id}` },
  guidedWorkout: { path: '/workouts/:id/guided', href: (id: number) => `/workouts/${id}/guided` },
  /**
   * The builder: `tab` selects the workout builder (`workout`) or the program builder (`program`;
   * the spec's `diets` opens it too, its day modal on diets: decision 0030); `action=update` with
   * `workout_id` edits a workout, any other action creates one.
   */
  builder: {
    path: '/builder',
    href: (options: { action?: 'create' | 'update'; workoutId?: number } = {}) => {
      const params = new URLSearchParams({ tab: 'workout' });
      if (options.action) params.set('action', options.action);
      if (options.workoutId !== undefined) params.set('workout_id', String(options.workoutId));
      return `/builder?${params.toString()}`;
    },
  },
  /** The builder's program tab: a new program, or `programId`'s to edit. */
  programBuilder: {
    href: (programId?: number) =>
      programId === undefined
        ? '/builder?tab=program'
        : `/builder?tab=program&program_id=${programId}`,
  },
  /** The virtual trainer request form; `action` presets quick_workout, diet or workout. */
  trainerNew: {
    path: '/trainer/new',
    href: (action?: 'quick_workout' | 'diet' | 'workout') =>
      action ? `/trainer/new?action=${action}` : '/trainer/new',
  },
  /** Programs the AI trainer planned: the list and one program's calendar. */
  programs: { path: '/programs', href: () => '/programs' },
  program: { path: '/programs/:id', href: (id: number) => `/programs/${id}` },
  diets: { path: '/diets', href: () => '/diets' },
  /** Challenges: `tab` picks the list, `challenge` opens one's details (notifications link here). */
  challenges: {
    path: '/challenges',
    href: (options: { tab?: string; challenge?: number } = {}) => {
      const params = new URLSearchParams();
      if (options.tab) params.set('tab', options.tab);
      if (options.challenge !== undefined) params.set('challenge', String(options.challenge));
      const query = params.toString();
      return query ? `/challenges?${query}` : '/challenges';
    },
  },
  diet: { path: '/diets/:id', href: (id: number) => `/diets/${id}` },
  /** The AI trainer chat (personas, conversations, example questions); `thread` opens one. */
  trainer: {
    path: '/trainer',
    href: (threadId?: number) => (threadId ? `/trainer?thread=${threadId}` : '/trainer'),
  },
  /** A trainer conversation read-only (one a friend shared), with its copy button. */
  trainerThread: { path: '/trainer/threads/:id', href: (id: number) => `/trainer/threads/${id}` },
  history: { path: '/history', href: () => '/history' },
  /** What friends shared with the member: workouts, diets, programs, trainer conversations. */
  shared: { path: '/shared', href: () => '/shared' },
  friends: { path: '/friends', href: () => '/friends' },
  /** Coaches and admins: their clients; one active client's detail. */
  coach: { path: '/coach', href: () => '/coach' },
  coachClient: { path: '/coach/clients/:id', href: (id: number) => `/coach/clients/${id}` },
  /** A coach's queue of exercise videos to review. */
  coachReviews: { path: '/coach/reviews', href: () => '/coach/reviews' },
  /** One exercise video analysis, for its member and the reviewing coach (notifications link it). */
  videoAnalysis: { path: '/video-analysis/:id', href: (id: number) => `/video-analysis/${id}` },
  /** Teams the member is on; one team's roster and workouts. */
  teams: { path: '/teams', href: () => '/teams' },
  team: { path: '/teams/:id', href: (id: number) => `/teams/${id}` },
  /** Admins: the admin area; `tab` (the URL hash) opens one of its tabs. */
  admin: { path: '/admin', href: (tab?: AdminTab) => (tab ? `/admin#${tab}` : '/admin') },
  /** The mail outbox's first address, kept for old links: it opens the admin area's tab. */
  adminMail: { path: '/admin/mail', href: () => '/admin#mail' },
  /** A conversation with a friend, full page (phones; wide screens open it in a modal). */
  chat: { path: '/chat/:friendId', href: (friendId: number) => `/chat/${friendId}` },
} as const;

/** Only a same-site path may be a post-sign-in destination (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return paths.home.href();
  return next;
}
