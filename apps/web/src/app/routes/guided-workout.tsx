import { redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { guidedSessionQueryOptions } from '../../features/workouts/api/guided-session';
import { GuidedWorkout } from '../../features/workouts/components/guided/guided-workout';
import { showMemberLocale } from '../../i18n/i18n';
import { queryClient } from '../query-client';
import { orNotFound, useLogOutcome, workoutIdOf } from '../workout-routes';

/** Guided mode sits outside the app shell, so it checks the session itself. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = workoutIdOf(params.id);
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me.user) {
    const url = new URL(request.url);
    return redirect(paths.signIn.href(url.pathname));
  }
  // The profile's language, as the signed-in layout's loader shows it (a hard reload lands here).
  await showMemberLocale(me.user.locale);
  await orNotFound(
    Promise.all([
      queryClient.ensureQueryData(workoutQueryOptions(id)),
      queryClient.fetchQuery(guidedSessionQueryOptions(id)),
    ]),
  );
  return null;
}

export function Component() {
  const id = workoutIdOf(useParams().id);
  const navigate = useNavigate();
  // Guided mode's finished screen says what was logged and offers the ways out.
  const { onLogged, achievementModal } = useLogOutcome({ stay: true });

  return (
    <>
      <GuidedWorkout
        workoutId={id}
        onExit={() => void navigate(paths.workout.href(id))}
        onLogged={onLogged}
      />
      {achievementModal}
    </>
  );
}
