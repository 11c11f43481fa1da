import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconEye,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import type { MeasurementType } from '@fitcoach/shared/units';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/form-errors';
import { useCopyWorkout } from '../../api/copy-workout';
import { useMyWorkouts } from '../../api/get-my-workouts';
import { useEditableWorkout } from '../../api/get-workout';
import { readWorkoutBuilderParams } from '../../lib/builder-params';
import { WorkoutForm } from './workout-form';
import { WorkoutFormSkeleton } from './workout-form-skeleton';
import { WorkoutSelector } from './workout-selector';
import { loadFailed } from '../../../../lib/query-state';

/**
 * The workout tab of the builder. The URL says what it does: `action=update` with `workout_id`
 * edits that workout; any other action creates a new one.
 */
export function WorkoutBuilder({ units }: { units: MeasurementType }) {
  const { t } = useTranslation('workouts');
  const [searchParams] = useSearchParams();
  const { action, workoutId } = readWorkoutBuilderParams(searchParams);
  const navigate = useNavigate();

  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label={t('builder.modeLabel')}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
        value={action}
        onChange={(next) => void navigate(paths.builder.href({ action: next }))}
        data={[
          {
            value: 'create',
            label: (
              <Group gap={6} wrap="nowrap" justify="center">
                <IconPlus size={16} aria-hidden />
                <span>{t('builder.newWorkout')}</span>
              </Group>
            ),
          },
          {
            value: 'update',
            label: (
              <Group gap={6} wrap="nowrap" justify="center">
                <IconPencil size={16} aria-hidden />
                <span>{t('builder.editWorkout')}</span>
              </Group>
            ),
          },
        ]}
      />
      {action === 'update' ? (
        <EditWorkout workoutId={workoutId} units={units} />
      ) : (
        <WorkoutForm key="create" units={units} />
      )}
    </Stack>
  );
}

function EditWorkout({ workoutId, units }: { workoutId: number | null; units: MeasurementType }) {
  const { t } = useTranslation('workouts');
  const navigate = useNavigate();
  const mine = useMyWorkouts();
  const workout = useEditableWorkout(workoutId);
  const hasNone = mine.isSuccess && (mine.data.pages[0]?.items.length ?? 0) === 0;

  let content;
  if (workoutId === null) {
    content = hasNone ? (
      <EmptyState
        icon={<IconPencil size={28} />}
        variant="light"
        title={t('builder.noneToEditTitle')}
        description={t('builder.noneToEditDescription')}
      >
        <EmptyState.Actions>
          <Button
            component={Link}
            to={paths.builder.href({ action: 'create' })}
            leftSection={<IconPlus size={16} />}
          >
            {t('builder.createWorkout')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        icon={<IconPencil size={28} />}
        variant="light"
        title={t('builder.chooseTitle')}
        description={t('builder.chooseDescription')}
      />
    );
  } else if (workout.isPending) {
    content = <WorkoutFormSkeleton />;
  } else if (loadFailed(workout)) {
    const missing = workout.error instanceof ApiError && workout.error.status === 404;
    content = (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={missing ? t('builder.notFoundTitle') : t('builder.loadError')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{missing ? t('builder.notFoundBody') : errorMessage(workout.error)}</Text>
          {!missing && (
            <Button size="xs" variant="light" color="red" onClick={() => void workout.refetch()}>
              {t('builder.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (!workout.data.can_edit) {
    content = <CopyToEdit workout={workout.data} />;
  } else {
    content = (
      <WorkoutForm key={`update-${workout.data.id}`} workout={workout.data} units={units} />
    );
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Box flex="1 1 260px">
            <WorkoutSelector
              value={workoutId}
              current={workout.data}
              onChange={(id) =>
                void navigate(paths.builder.href({ action: 'update', workoutId: id }))
              }
            />
          </Box>
          {workout.data && (
            <Button
              component={Link}
              to={paths.workout.href(workout.data.id)}
              variant="default"
              leftSection={<IconEye size={16} />}
            >
              {t('builder.view')}
            </Button>
          )}
        </Group>
      </Card>
      {content}
    </Stack>
  );
}

/** Someone else's workout: only its author may change it, so offer an own copy to edit. */
function CopyToEdit({ workout }: { workout: WorkoutDetail }) {
  const { t } = useTranslation('workouts');
  const navigate = useNavigate();
  const copy = useCopyWorkout();
  // The library's name is the brand's, in every language.
  const author = workout.owner?.name ?? 'FitCoach';
  return (
    <Alert color="blue" icon={<IconCopy size={18} />} title={t('builder.notYoursTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('builder.notYoursBody', { title: workout.title, author })}</Text>
        {copy.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(copy.error)}
          </Text>
        )}
        <Button
          leftSection={<IconCopy size={16} />}
          loading={copy.isPending}
          onClick={() =>
            copy.mutate(workout.id, {
              onSuccess: (mine) => {
                notifications.show({
                  color: 'teal',
                  icon: <IconCheck size={18} />,
                  title: t('builder.copiedTitle'),
                  message: t('builder.copiedMessage', { title: workout.title }),
                });
                void navigate(paths.builder.href({ action: 'update', workoutId: mine.id }), {
                  replace: true,
                });
              },
            })
          }
        >
          {t('builder.copyAndEdit')}
        </Button>
      </Stack>
    </Alert>
  );
}
