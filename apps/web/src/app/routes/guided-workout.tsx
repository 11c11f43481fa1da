import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { idParam } from '@fitcoach/shared/pagination';
import type { LogResult } from '@fitcoach/shared/workout-logs';
import { useState } from 'react';
import { redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { AchievementModal } from '../../components/achievement-modal';
import { paths } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { guidedSessionQueryOptions } from '../../features/workouts/api/guided-session';
import { GuidedWorkout } from '../../features/workouts/components/guided/guided-workout';
import { queryClient } from '../../lib/query-client';

function workoutIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}

/** Guided mode sits outside the app shell, so it checks the session itself. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = workoutIdOf(params.id);
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me.user) {
    const url = new URL(request.url);
    return redirect(paths.signIn.href(url.pathname));
  }
  try {
    await Promise.all([
      queryClient.ensureQueryData(workoutQueryOptions(id)),
      queryClient.fetchQuery(guidedSessionQueryOptions(id)),
    ]);
  } catch (error) {
    if ((error as { status?: number }).status === 404)
      throw new Response('Not found', { status: 404 });
    throw error;
  }
  return null;
}

export function Component() {
  const id = workoutIdOf(useParams().id);
  const navigate = useNavigate();
  const [logged, setLogged] = useState<LogResult | null>(null);

  function afterLog(result: LogResult) {
    if (result.achievement) {
      setLogged(result);
      return;
    }
    notifications.show({
      color: 'teal',
      icon: <IconCheck size={18} />,
      title: 'Workout logged',
      message: 'Nice work. It is in your history.',
    });
    void navigate(paths.history.href());
  }

  return (
    <>
      <GuidedWorkout
        workoutId={id}
        onExit={() => void navigate(paths.workout.href(id))}
        onLogged={afterLog}
      />
      <AchievementModal
        achievement={logged?.achievement ?? null}
        more={Math.max(0, (logged?.achievements.length ?? 0) - 1)}
        onClose={() => {
          setLogged(null);
          void navigate(paths.history.href());
        }}
      />
    </>
  );
}
