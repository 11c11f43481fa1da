import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { idParam } from '@fitcoach/shared/pagination';
import type { LogResult } from '@fitcoach/shared/workout-logs';
import { useState } from 'react';
import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { AchievementModal } from '../../components/achievement-modal';
import { paths } from '../../config/paths';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { WorkoutPage } from '../../features/workouts/components/workout-page';
import { queryClient } from '../../lib/query-client';

function workoutIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const id = workoutIdOf(params.id);
  try {
    await queryClient.ensureQueryData(workoutQueryOptions(id));
  } catch (error) {
    // A workout that does not exist, or is not yours to see, is a 404 page.
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
      <WorkoutPage
        key={id}
        workoutId={id}
        onLogged={afterLog}
        onStartGuided={() => void navigate(paths.guidedWorkout.href(id))}
        onEdit={(workoutId) => void navigate(paths.builder.href({ action: 'update', workoutId }))}
        onDeleted={() => void navigate(paths.workouts.href())}
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
