import { englishValidation } from '@fitcoach/shared/validation-messages';
import admin from '../locales/en/admin.json';
import auth from '../locales/en/auth.json';
import challenges from '../locales/en/challenges.json';
import chat from '../locales/en/chat.json';
import coaching from '../locales/en/coaching.json';
import content from '../locales/en/content.json';
import common from '../locales/en/common.json';
import diets from '../locales/en/diets.json';
import exercises from '../locales/en/exercises.json';
import friends from '../locales/en/friends.json';
import feed from '../locales/en/feed.json';
import friendsInvite from '../locales/en/friends-invite.json';
import mail from '../locales/en/mail.json';
import notifications from '../locales/en/notifications.json';
import profile from '../locales/en/profile.json';
import programs from '../locales/en/programs.json';
import reports from '../locales/en/reports.json';
import stats from '../locales/en/stats.json';
import system from '../locales/en/system.json';
import teams from '../locales/en/teams.json';
import teamStats from '../locales/en/team-stats.json';
import virtualTrainer from '../locales/en/virtual-trainer.json';
import trainer from '../locales/en/trainer.json';
import workoutLogs from '../locales/en/workout-logs.json';
import workouts from '../locales/en/workouts.json';

/**
 * The English catalogues, one namespace per feature plus `common` for the shell and shared
 * components. English ships in the main bundle (it is also every other language's fallback);
 * other languages load when chosen. Keys are typed from these files (i18next.d.ts), so a `t()`
 * call naming a missing key fails the type check. A new feature adds its namespace here.
 */
export const english = {
  common,
  admin,
  auth,
  challenges,
  chat,
  coaching,
  content,
  diets,
  exercises,
  friends,
  feed,
  'friends-invite': friendsInvite,
  mail,
  notifications,
  profile,
  programs,
  reports,
  stats,
  system,
  teams,
  'team-stats': teamStats,
  'virtual-trainer': virtualTrainer,
  trainer,
  'workout-logs': workoutLogs,
  workouts,
  /** The shared schemas' messages: the server words its API issues from the same catalogue. */
  validation: englishValidation,
};

/**
 * Namespaces whose English too loads on demand (loadNamespace), kept off the first page: the
 * exercise video analysis is a modal few members open.
 */
export const LAZY_NAMESPACES = ['video-analysis'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

export type Namespace = keyof typeof english | LazyNamespace;
export const NAMESPACES = [...Object.keys(english), ...LAZY_NAMESPACES] as Namespace[];
/** Namespaces whose catalogues live in packages/shared, not in apps/web/src/locales. */
export const SHARED_NAMESPACES: readonly Namespace[] = ['validation'];
