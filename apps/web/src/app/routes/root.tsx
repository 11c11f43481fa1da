import { Outlet, ScrollRestoration } from 'react-router';
import { RouteProgress } from '../../components/navigation-progress';
import { RouteFocus } from '../../components/route-focus';
import { ExerciseLibraryContext } from '../../features/workouts/api/exercise-library';
import { exerciseLibrary } from '../exercise-library';

export function RootLayout() {
  return (
    <ExerciseLibraryContext value={exerciseLibrary}>
      <RouteProgress />
      <ScrollRestoration />
      <RouteFocus />
      <Outlet />
    </ExerciseLibraryContext>
  );
}
