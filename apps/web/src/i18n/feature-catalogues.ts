import admin from '../locales/en/admin.json';
import challenges from '../locales/en/challenges.json';
import chat from '../locales/en/chat.json';
import coaching from '../locales/en/coaching.json';
import content from '../locales/en/content.json';
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
 * The English of every feature's namespace: loaded with the signed-in pages (loadFeatureTexts in
 * i18n.ts), not on the first page, whose sign-in and sign-up need only `common` and `auth`.
 */
export const featureEnglish = {
  admin,
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
};
