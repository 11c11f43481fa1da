import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { workoutQueryOptions } from '../../features/workouts/api/get-workout';
import { WorkoutPage } from '../../features/workouts/components/workout-page';
import { AskTrainerButton } from '../../features/trainer/components/exercise-steps-modal';
import { AnalyseVideoButton, loadAnalyseVideoTexts } from '../analyse-video-button';
import { friendPicker } from '../friend-picker';
import { queryClient } from '../query-client';
import { orNotFound, useLogOutcome, workoutIdOf } from '../workout-routes';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = workoutIdOf(params.id);
  await Promise.all([
    orNotFound(queryClient.ensureQueryData(workoutQueryOptions(id))),
    loadAnalyseVideoTexts(),
  ]);
  return null;
}

export function Component() {
  const id = workoutIdOf(useParams().id);
  const navigate = useNavigate();
  const { onLogged, achievementModal } = useLogOutcome();

  return (
    <>
      <WorkoutPage
        key={id}
        workoutId={id}
        onLogged={onLogged}
        onStartGuided={() => void navigate(paths.guidedWorkout.href(id))}
        onEdit={(workoutId) => void navigate(paths.builder.href({ action: 'update', workoutId }))}
        onDeleted={() => navigate(paths.workouts.href())}
        friendPicker={friendPicker}
        exerciseActions={(exercise) => (
          <>
            <AskTrainerButton exerciseName={exercise.name} workoutId={id} />
            <AnalyseVideoButton exerciseName={exercise.name} />
          </>
        )}
      />
      {achievementModal}
    </>
  );
}
