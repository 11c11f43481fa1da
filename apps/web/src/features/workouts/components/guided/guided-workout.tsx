import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconCheck,
  IconPlayerSkipForward,
  IconRefresh,
  IconTrophy,
  IconX,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LogResult } from '@fitcoach/shared/workout-logs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExerciseTimer } from '../../../../components/exercise-timer';
import { errorMessage } from '../../../../lib/form-errors';
import { useWorkout } from '../../api/get-workout';
import {
  guidedSessionQueryOptions,
  useAbandonGuided,
  useGuidedStep,
  type GuidedStep,
} from '../../api/guided-session';
import {
  groupCompleted,
  loggedSummary,
  nextGroupIndex,
  sessionCompleted,
  sessionCounts,
  type LoggedExercise,
} from '../../guided-plan';
import {
  initialProgress,
  isSetDone,
  type ExerciseProgress,
  type WorkoutProgress,
} from '../../workout-progress';
import { ExerciseBlock } from '../exercise-block';
import { LogWorkoutModal } from '../log-workout-modal';
import { groupsDoneText } from './groups-done-text';
import { GuidedLogged } from './guided-logged';

type Rest = { seconds: number; label: string; key: number } | null;

/** The log this visit saved: the session it ended is gone, so the screen keeps what it held. */
type Logged = { exercises: LoggedExercise[]; counts: { completed: number; skipped: number } };

/**
 * Guided mode: one group at a time, with the exercise timer, a rest countdown after each set
 * and each group, and complete or skip for every group. The session lives on the server, so a
 * reload or another device resumes where the member left off. Finishing opens the log form
 * pre-filled with what was done; once logged, the screen says what went in and how to leave.
 */
export function GuidedWorkout({
  workoutId,
  onExit,
  onLogged,
}: {
  workoutId: number;
  onExit: () => void;
  onLogged: (result: LogResult) => void;
}) {
  const { t } = useTranslation('workouts');
  const { data: workout } = useWorkout(workoutId);
  const { data } = useSuspenseQuery(guidedSessionQueryOptions(workoutId));
  const session = data.session;
  const step = useGuidedStep(workoutId);
  const abandon = useAbandonGuided(workoutId);
  const [progress, setProgress] = useState<WorkoutProgress>(() => initialProgress(workout));
  const [rest, setRest] = useState<Rest>(null);
  const [startedAt] = useState(() => Date.now());
  const [logOpen, logModal] = useDisclosure(false);
  const [logged, setLogged] = useState<Logged | null>(null);
  // Each rest gets a fresh key so its timer starts from the top.
  const restKey = useRef(0);

  const index = nextGroupIndex(workout, session);
  const group = workout.groups[index];
  const total = workout.groups.length;
  const counts = sessionCounts(session);
  const unit = workout.weight_unit;

  function changeExercise(
    exerciseId: number,
    restSeconds: number,
    name: string,
    next: ExerciseProgress,
  ) {
    const before = progress[exerciseId];
    const newlyDone = next.sets.some(
      (s, i) => isSetDone(s) && !(before?.sets[i] && isSetDone(before.sets[i])),
    );
    setProgress((p) => ({ ...p, [exerciseId]: next }));
    if (newlyDone && restSeconds > 0)
      setRest({
        seconds: restSeconds,
        label: t('guided.restAfter', { name }),
        key: (restKey.current += 1),
      });
  }

  function record(kind: GuidedStep) {
    if (!group) return;
    step.mutate(
      {
        step: kind,
        input: {
          exercise_group_id: group.id,
          completed_exercises: groupCompleted(workout, group, progress),
        },
      },
      {
        onSuccess: () => {
          setRest(
            kind === 'complete' && group.rest_seconds > 0 && index < total - 1
              ? {
                  seconds: group.rest_seconds,
                  label: t('guided.restBeforeNext'),
                  key: Date.now(),
                }
              : null,
          );
        },
      },
    );
  }

  function startOver() {
    modals.openConfirmModal({
      title: t('guided.startOverTitle'),
      children: <Text size="sm">{t('guided.startOverBody')}</Text>,
      labels: { confirm: t('guided.startOver'), cancel: t('guided.keepGoing') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        abandon.mutate(undefined, {
          onSuccess: () => {
            setProgress(initialProgress(workout));
            setRest(null);
          },
        }),
    });
  }

  return (
    <Modal
      opened
      onClose={onExit}
      fullScreen
      withCloseButton={false}
      transitionProps={{ duration: 0 }}
      aria-label={t('guided.dialogLabel', { title: workout.title })}
    >
      <Box maw={720} mx="auto">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {t('guided.kicker')}
              </Text>
              <Title order={1} size="h3" lineClamp={1}>
                {workout.title}
              </Title>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {session && !logged && (
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('guided.startOver')}
                  onClick={startOver}
                >
                  <IconRefresh size={18} />
                </ActionIcon>
              )}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('guided.leave')}
                onClick={onExit}
              >
                <IconX size={18} />
              </ActionIcon>
            </Group>
          </Group>

          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {logged
                ? t('guided.logged')
                : group
                  ? t('guided.groupOf', { number: index + 1, total })
                  : t('guided.allDone')}
            </Text>
            <Progress
              value={logged ? 100 : (Math.min(index, total) / Math.max(1, total)) * 100}
              aria-label={t('guided.progressLabel')}
            />
          </Stack>

          {step.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(step.error)}
            </Alert>
          )}

          {rest && !logged && (
            <Card
              withBorder
              padding="md"
              bg="var(--mantine-color-blue-light)"
              aria-label={t('guided.restPeriod')}
            >
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700}>{rest.label}</Text>
                  <Button size="compact-sm" variant="subtle" onClick={() => setRest(null)}>
                    {t('guided.skipRest')}
                  </Button>
                </Group>
                <ExerciseTimer
                  key={rest.key}
                  seconds={rest.seconds}
                  label={t('guided.rest')}
                  autoStart
                  onComplete={() => undefined}
                />
              </Stack>
            </Card>
          )}

          {logged ? (
            <GuidedLogged
              workoutId={workoutId}
              unit={unit}
              exercises={logged.exercises}
              counts={logged.counts}
            />
          ) : group ? (
            <Card withBorder padding="md" radius="md">
              <Stack gap="sm">
                <Group gap="xs">
                  <Title order={2} size="h4">
                    {group.kind === 'single'
                      ? (group.exercises[0]?.name ?? t('exerciseFallback'))
                      : t(`groupKinds.${group.kind}`)}
                  </Title>
                  {group.kind !== 'single' && (
                    <Badge variant="light" color="grape">
                      {t('guided.backToBack', { count: group.exercises.length })}
                    </Badge>
                  )}
                </Group>
                {group.notes && (
                  <Text size="sm" fs="italic">
                    {group.notes}
                  </Text>
                )}
                {group.exercises.map((exercise) => (
                  <ExerciseBlock
                    key={`${group.id}-${exercise.id}`}
                    exercise={exercise}
                    unit={unit}
                    progress={progress[exercise.id] ?? { sets: [], note: '' }}
                    onChange={(next) =>
                      changeExercise(exercise.id, exercise.rest_seconds, exercise.name, next)
                    }
                  />
                ))}
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <Button
                    variant="default"
                    leftSection={<IconPlayerSkipForward size={16} />}
                    onClick={() => record('skip')}
                    loading={step.isPending && step.variables.step === 'skip'}
                    disabled={step.isPending}
                  >
                    {t('guided.skipGroup')}
                  </Button>
                  <Button
                    leftSection={<IconCheck size={16} />}
                    onClick={() => record('complete')}
                    loading={step.isPending && step.variables.step === 'complete'}
                    disabled={step.isPending}
                  >
                    {t('guided.completeGroup')}
                  </Button>
                </SimpleGrid>
              </Stack>
            </Card>
          ) : (
            <Card withBorder padding="xl" radius="md">
              <Stack align="center" ta="center" gap="sm">
                <IconTrophy size={48} aria-hidden />
                <Title order={2} size="h3">
                  {t('guided.finished')}
                </Title>
                <Text c="dimmed">
                  {t('guided.finishedSummary', { done: groupsDoneText(t, counts) })}
                </Text>
                <Button size="md" onClick={logModal.open}>
                  {t('guided.log')}
                </Button>
              </Stack>
            </Card>
          )}
        </Stack>
      </Box>
      <LogWorkoutModal
        opened={logOpen}
        onClose={logModal.close}
        workoutId={workoutId}
        completed={sessionCompleted(workout, session)}
        startedAt={startedAt}
        {...(session ? { guidedSessionId: session.id } : {})}
        onLogged={(result) => {
          // Logging ends the session, and the page would fall back to its first group.
          setLogged({
            exercises: loggedSummary(workout, sessionCompleted(workout, session)),
            counts,
          });
          setRest(null);
          logModal.close();
          onLogged(result);
        }}
      />
    </Modal>
  );
}
