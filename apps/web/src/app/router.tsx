import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { loadFeatureTexts } from '../i18n/i18n';
import { navigationWithinBudget } from '../lib/navigation-budget';
import { RootLayout } from './routes/root';

/** A page showing features' texts: its module and the features' English load together. */
const withFeatureTexts =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadFeatureTexts()]))[0];

/**
 * Every page is its own lazy chunk; the first page loads only what it needs. A navigation has
 * the spec's 60 s, all its requests together, before the error boundary reloads the page.
 */
export const router = createBrowserRouter(
  [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        { path: paths.signIn.path, lazy: () => import('./routes/sign-in') },
        { path: paths.signUp.path, lazy: () => import('./routes/sign-up') },
        // Guided mode fills the screen: no navigation around it.
        {
          path: paths.guidedWorkout.path,
          lazy: withFeatureTexts(() => import('./routes/guided-workout')),
        },
        {
          lazy: withFeatureTexts(() => import('./routes/signed-in-layout')),
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: () => import('./routes/home') },
            { path: paths.workouts.path, lazy: () => import('./routes/workouts') },
            { path: paths.workout.path, lazy: () => import('./routes/workout') },
            { path: paths.exercises.path, lazy: () => import('./routes/exercises') },
            { path: paths.exercise.path, lazy: () => import('./routes/exercise') },
            { path: paths.builder.path, lazy: () => import('./routes/builder') },
            { path: paths.trainerNew.path, lazy: () => import('./routes/trainer-new') },
            { path: paths.history.path, lazy: () => import('./routes/history') },
            { path: paths.programs.path, lazy: () => import('./routes/programs') },
            { path: paths.program.path, lazy: () => import('./routes/program') },
            { path: paths.friends.path, lazy: () => import('./routes/friends') },
            { path: paths.shared.path, lazy: () => import('./routes/shared') },
            { path: paths.diets.path, lazy: () => import('./routes/diets') },
            { path: paths.diet.path, lazy: () => import('./routes/diet') },
            { path: paths.challenges.path, lazy: () => import('./routes/challenges') },
            { path: paths.teams.path, lazy: () => import('./routes/teams') },
            { path: paths.team.path, lazy: () => import('./routes/team') },
            { path: paths.coach.path, lazy: () => import('./routes/coach') },
            { path: paths.coachClient.path, lazy: () => import('./routes/coach-client') },
            { path: paths.coachReviews.path, lazy: () => import('./routes/coach-reviews') },
            { path: paths.videoAnalysis.path, lazy: () => import('./routes/video-analysis') },
            { path: paths.profile.path, lazy: () => import('./routes/profile') },
            { path: paths.admin.path, lazy: () => import('./routes/admin') },
            { path: paths.adminMail.path, lazy: () => import('./routes/admin-mail') },
            { path: paths.chat.path, lazy: () => import('./routes/chat') },
            { path: paths.trainer.path, lazy: () => import('./routes/trainer') },
            { path: paths.trainerThread.path, lazy: () => import('./routes/trainer-thread') },
          ],
        },
        { path: '*', lazy: withFeatureTexts(() => import('./routes/not-found')) },
      ],
    },
  ],
  { dataStrategy: navigationWithinBudget() },
);
