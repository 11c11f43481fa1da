import { Affix, Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconNotebook } from '@tabler/icons-react';
import type { LogResult } from '@fitcoach/shared/workout-logs';
import type { WorkoutExercise } from '@fitcoach/shared/workouts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ShareWithFriendsModal,
  type FriendPicker,
} from '../../../components/share-with-friends-modal';
import { errorMessage } from '../../../lib/form-errors';
import { shareWorkout } from '../api/share-workout';
import { useWorkout } from '../api/get-workout';
import { useLikeGroup } from '../api/like-group';
import { useCopyWorkout } from '../api/copy-workout';
import { forgetDeletedWorkout, useDeleteWorkout } from '../api/delete-workout';
import {
  progressCounts,
  reconcileProgress,
  toCompletedExercises,
  type ExerciseProgress,
  type WorkoutProgress,
} from '../workout-progress';
import { ExerciseBlock } from './exercise-block';
import { ExerciseGroupCard } from './exercise-group-card';
import { LogWorkoutModal } from './log-workout-modal';
import { WorkoutHeader } from './workout-header';
import classes from './workout-page.module.css';

interface SavedProgress {
  startedAt: number | null;
  progress: WorkoutProgress | null;
}

export interface WorkoutPageProps {
  workoutId: number;
  onLogged: (result: LogResult) => void;
  onStartGuided: () => void;
  onEdit: (id: number) => void;
  /** Leaves the page (it may answer once it has). */
  onDeleted: () => void | Promise<void>;
  /** Where the share modal finds friends (the friends feature's search, from app/). */
  friendPicker: FriendPicker;
  /** Buttons other features add to each exercise (the trainer's "Ask the trainer", from app/). */
  exerciseActions?: (exercise: WorkoutExercise) => ReactNode;
}

/**
 * The workout page: a row per set to fill in between sets, timers for timed exercises, likes,
 * demos, sharing, and logging. What is typed is kept on the device until it is logged, so a
 * locked phone or a reload loses nothing.
 */
export function WorkoutPage({
  workoutId,
  onLogged,
  onStartGuided,
  onEdit,
  onDeleted,
  friendPicker,
  exerciseActions,
}: WorkoutPageProps) {
  const { t } = useTranslation('workouts');
  const queryClient = useQueryClient();
  const { data: workout } = useWorkout(workoutId);
  const like = useLikeGroup(workoutId);
  const copy = useCopyWorkout();
  const remove = useDeleteWorkout();
  const [logOpen, logModal] = useDisclosure(false);
  const [shareOpen, shareModal] = useDisclosure(false);
  const progressText = useRef<HTMLParagraphElement>(null);
  const [saved, setSaved, clearSaved] = useLocalStorage<SavedProgress>({
    key: `fitcoach:workout-progress:${workoutId}`,
    defaultValue: { startedAt: null, progress: null },
    getInitialValueInEffect: false,
  });

  const progress = useMemo(
    () => reconcileProgress(workout, saved.progress),
    [workout, saved.progress],
  );
  const counts = progressCounts(workout, progress);
  const unit = workout.weight_unit;

  function update(exerciseId: number, next: ExerciseProgress) {
    setSaved((current) => ({
      startedAt: current.startedAt ?? Date.now(),
      progress: { ...reconcileProgress(workout, current.progress), [exerciseId]: next },
    }));
  }

  function copyWorkout() {
    copy.mutate(workoutId, {
      onSuccess: (created) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: t('page.copied', { title: created.title }),
        });
        onEdit(created.id);
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  }

  function deleteWorkout() {
    modals.openConfirmModal({
      title: t('page.deleteTitle'),
      children: <Text size="sm">{t('page.deleteBody', { title: workout.title })}</Text>,
      labels: { confirm: t('page.deleteConfirm'), cancel: t('page.keepIt') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(workoutId, {
          onSuccess: () => {
            clearSaved();
            notifications.show({ message: t('page.deleted') });
            // Forget the workout only once the page has left, or it would refetch it (a 404).
            void Promise.resolve(onDeleted()).then(() =>
              forgetDeletedWorkout(queryClient, workoutId),
            );
          },
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  }

  /**
   * The button goes away with the entries: the focus moves to the progress line it reset (read
   * out as "0 of N"), not to the page's body.
   */
  function clearEntries() {
    clearSaved();
    requestAnimationFrame(() => progressText.current?.focus());
  }

  return (
    <Stack gap="lg" maw={820} pb={96}>
      <WorkoutHeader
        workout={workout}
        onStartGuided={onStartGuided}
        onShare={shareModal.open}
        onCopy={copyWorkout}
        onEdit={() => onEdit(workoutId)}
        onDelete={deleteWorkout}
        copying={copy.isPending}
      />

      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600} ref={progressText} tabIndex={-1}>
            {t('page.progress', { complete: counts.complete, total: counts.total })}
          </Text>
          {saved.progress && (
            <Button size="compact-sm" variant="subtle" color="gray" onClick={clearEntries}>
              {t('page.clearEntries')}
            </Button>
          )}
        </Group>
        <Progress
          value={(counts.complete / Math.max(1, counts.total)) * 100}
          color="teal"
          aria-label={t('page.progressLabel')}
        />
      </Stack>

      {workout.groups.map((group, index) => (
        <ExerciseGroupCard
          key={group.id}
          group={group}
          index={index}
          onLike={() => like.mutate({ exercise_group_id: group.id, liked: !group.liked })}
        >
          {group.exercises.map((exercise) => (
            <ExerciseBlock
              key={exercise.id}
              exercise={exercise}
              unit={unit}
              progress={progress[exercise.id] ?? { sets: [], note: '' }}
              onChange={(next) => update(exercise.id, next)}
              actions={exerciseActions?.(exercise)}
            />
          ))}
        </ExerciseGroupCard>
      ))}

      <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
        <Paper withBorder radius={0} p="sm" shadow="md" className={classes.logBar}>
          <Box maw={820} mx="auto" px={{ base: 0, sm: 'md' }}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed" visibleFrom="xs">
                {t('page.hint')}
              </Text>
              <Button
                size="md"
                leftSection={<IconNotebook size={18} />}
                onClick={logModal.open}
                fullWidth={false}
                style={{ flexGrow: 1, maxWidth: 320, marginLeft: 'auto' }}
              >
                {t('page.log')}
              </Button>
            </Group>
          </Box>
        </Paper>
      </Affix>

      <LogWorkoutModal
        opened={logOpen}
        onClose={logModal.close}
        workoutId={workoutId}
        completed={toCompletedExercises(workout, progress)}
        startedAt={saved.startedAt}
        onLogged={(result) => {
          logModal.close();
          clearSaved();
          onLogged(result);
        }}
      />
      <ShareWithFriendsModal
        opened={shareOpen}
        onClose={shareModal.close}
        title={t('share.title', { title: workout.title })}
        hint={t('share.noFriendsHint')}
        friendPicker={friendPicker}
        send={(friendId) => shareWorkout({ friend_id: friendId, workout_id: workout.id })}
      />
    </Stack>
  );
}
