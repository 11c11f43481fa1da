import { Alert, Box, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconDeviceFloppy,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { weightUnit, type MeasurementType } from '@fitcoach/shared/units';
import type { GroupKind, WorkoutDetail } from '@fitcoach/shared/workouts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/form-errors';
import { useCreateWorkout } from '../../api/create-workout';
import { forgetDeletedWorkout, useDeleteWorkout } from '../../api/delete-workout';
import { useUpdateWorkout } from '../../api/update-workout';
import { afterPaint, focusFirstProblem, focusMoveButton } from '../../lib/dom-focus';
import { moveItem, removeAt, replaceAt } from '../../lib/list-moves';
import { checkWorkoutForm, issuesToFormErrors } from '../../lib/workout-form-validation';
import {
  countExercises,
  emptyWorkoutForm,
  MAX_GROUPS,
  newGroup,
  sameWorkout,
  workoutToFormValues,
  type GroupValues,
  type WorkoutForm as WorkoutFormApi,
  type WorkoutFormValues,
} from '../../lib/workout-form-values';
import { GroupCard } from './group-card';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WorkoutDetailsFields } from './workout-details-fields';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface WorkoutFormProps {
  units: MeasurementType;
  /** The workout to change; none to create a new one. */
  workout?: WorkoutDetail;
}

/**
 * The whole workout in one form: details, then the groups in order. The shared schema checks it
 * here before the API does, and the API's answers land on the same fields.
 */
export function WorkoutForm({ units, workout }: WorkoutFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateWorkout();
  const update = useUpdateWorkout();
  const remove = useDeleteWorkout();
  const rootRef = useRef<HTMLFormElement>(null);
  // Once a save was tried, problems follow every change; before that, nobody is nagged.
  const liveChecks = useRef(false);
  // Set just before leaving on purpose, so the unsaved-changes guard lets the page go.
  const leaving = useRef(false);
  const [baseline, setBaseline] = useState<WorkoutFormValues>(() =>
    workout ? workoutToFormValues(workout) : emptyWorkoutForm(),
  );
  const [submitFailed, setSubmitFailed] = useState(false);

  const form: WorkoutFormApi = useForm<WorkoutFormValues>({
    mode: 'controlled',
    initialValues: baseline,
    validate: (values) => {
      const result = checkWorkoutForm(values);
      return result.ok ? {} : result.errors;
    },
    onValuesChange: (values) => {
      if (!liveChecks.current) return;
      const result = checkWorkoutForm(values);
      form.setErrors(result.ok ? {} : result.errors);
    },
  });

  const values = form.getValues();
  const dirty = !sameWorkout(values, baseline);
  const saving = create.isPending || update.isPending;
  const saveError = workout ? update.error : create.error;
  const unit = weightUnit(units);
  const errorCount = Object.keys(form.errors).length;
  const serverMessage =
    saveError && !(saveError instanceof ApiError && saveError.issues.length > 0)
      ? errorMessage(saveError)
      : null;

  function setGroups(groups: GroupValues[]) {
    form.setFieldValue('groups', groups);
  }

  function addGroup(kind: GroupKind) {
    const group = newGroup(kind);
    setGroups([...values.groups, group]);
    afterPaint(() => {
      const heading = document.getElementById(`builder-group-${group.key}-title`);
      heading?.closest('section')?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
    });
  }

  function removeGroup(index: number) {
    const group = values.groups[index];
    const chosen = group?.exercises.filter((e) => e.exercise).length ?? 0;
    const doRemove = () => setGroups(removeAt(form.getValues().groups, index));
    if (chosen === 0) return doRemove();
    modals.openConfirmModal({
      title: `Remove group ${index + 1}?`,
      children: (
        <Text size="sm">
          Its {plural(chosen, 'exercise', 'exercises')} and their targets go with it.
        </Text>
      ),
      labels: { confirm: 'Remove group', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: doRemove,
    });
  }

  function moveGroup(from: number, to: number) {
    setGroups(moveItem(values.groups, from, to));
    focusMoveButton(
      rootRef.current,
      (same) => `Move group ${to + 1} ${same === to < from ? 'up' : 'down'}`,
    );
  }

  function onSaveError(error: Error) {
    const fieldErrors = error instanceof ApiError ? issuesToFormErrors(error.issues) : {};
    if (Object.keys(fieldErrors).length > 0) {
      form.setErrors(fieldErrors);
      setSubmitFailed(true);
      focusFirstProblem(rootRef.current);
    }
  }

  function saveValid(submitted: WorkoutFormValues) {
    liveChecks.current = true;
    setSubmitFailed(false);
    const result = checkWorkoutForm(submitted);
    if (!result.ok) return;
    if (workout) {
      update.mutate(
        { id: workout.id, input: result.input },
        {
          onSuccess: (saved) => {
            const next = workoutToFormValues(saved);
            setBaseline(next);
            form.setValues(next);
            form.resetDirty(next);
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: 'Workout updated',
              message: `Your changes to “${saved.title}” are saved.`,
            });
          },
          onError: onSaveError,
        },
      );
    } else {
      create.mutate(result.input, {
        onSuccess: (saved) => {
          leaving.current = true;
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: 'Workout created',
            message: `“${saved.title}” is in your workouts, ready to train.`,
          });
          void navigate(paths.workout.href(saved.id));
        },
        onError: onSaveError,
      });
    }
  }

  function showProblems() {
    liveChecks.current = true;
    setSubmitFailed(true);
    focusFirstProblem(rootRef.current);
  }

  function discard() {
    const next = workout ? baseline : emptyWorkoutForm();
    liveChecks.current = false;
    setSubmitFailed(false);
    form.setValues(next);
    form.resetDirty(next);
    if (!workout) setBaseline(next);
  }

  function confirmDelete() {
    if (!workout) return;
    modals.openConfirmModal({
      title: 'Delete this workout?',
      children: (
        <Text size="sm">
          “{workout.title}” will be removed from your workouts
          {workout.is_public ? ' and the public library' : ''}. Your logs of it stay in your
          history. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete workout', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(workout.id, {
          onSuccess: () => {
            leaving.current = true;
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: 'Workout deleted',
              message: `“${workout.title}” is gone from your workouts.`,
            });
            // Forget the workout only once the page has left, or it would refetch it (a 404).
            void Promise.resolve(navigate(paths.workouts.href())).then(() =>
              forgetDeletedWorkout(queryClient, workout.id),
            );
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: 'Could not delete the workout',
              message: errorMessage(error),
            }),
        }),
    });
  }

  const groupCount = values.groups.length;
  const exerciseCount = countExercises(values);

  return (
    <form
      ref={rootRef}
      onSubmit={(event) => form.onSubmit(saveValid, showProblems)(event)}
      noValidate
      aria-label={workout ? `Edit ${workout.title}` : 'New workout'}
    >
      <UnsavedChangesGuard when={dirty && !saving} bypass={leaving} />
      <Stack gap="lg">
        <Card
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="builder-details"
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="builder-details">
              Details
            </Title>
            <WorkoutDetailsFields form={form} />
          </Stack>
        </Card>

        <Stack gap="sm" component="section" aria-labelledby="builder-exercises">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h4" id="builder-exercises">
              Exercises
            </Title>
            <Text size="sm" c="dimmed">
              {plural(groupCount, 'group', 'groups')} ·{' '}
              {plural(exerciseCount, 'exercise', 'exercises')}
            </Text>
          </Group>
          {values.groups.map((group, index) => (
            <GroupCard
              key={group.key}
              form={form}
              index={index}
              group={group}
              count={groupCount}
              weightUnit={unit}
              onChange={(next) => setGroups(replaceAt(form.getValues().groups, index, next))}
              onMove={(to) => moveGroup(index, to)}
              onRemove={() => removeGroup(index)}
            />
          ))}
          <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }} bg="transparent">
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed" ta="center">
                {groupCount === 0
                  ? 'Start with an exercise, or pair exercises in a superset or circuit.'
                  : 'Add the next part of the workout.'}
              </Text>
              {form.errors.groups && (
                <Text size="sm" c="red" role="alert" data-form-problem>
                  {form.errors.groups}
                </Text>
              )}
              <Group justify="center" gap="xs">
                {(['single', 'superset', 'circuit'] as const).map((kind) => (
                  <Button
                    key={kind}
                    variant={kind === 'single' ? 'light' : 'default'}
                    leftSection={<IconPlus size={16} />}
                    disabled={groupCount >= MAX_GROUPS}
                    onClick={() => addGroup(kind)}
                  >
                    {kind === 'single' ? 'Add single exercise' : `Add ${kind}`}
                  </Button>
                ))}
              </Group>
              {groupCount >= MAX_GROUPS && (
                <Text size="xs" c="dimmed">
                  A workout holds at most {MAX_GROUPS} groups.
                </Text>
              )}
            </Stack>
          </Paper>
        </Stack>

        {workout && (
          <Card
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="builder-danger"
          >
            <Group justify="space-between" gap="md">
              <Box maw={480}>
                <Title order={2} size="h5" id="builder-danger">
                  Delete workout
                </Title>
                <Text size="sm" c="dimmed">
                  Removes it from your workouts for good. Your logs of it stay in your history.
                </Text>
              </Box>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Delete workout
              </Button>
            </Group>
          </Card>
        )}

        <Paper
          withBorder
          shadow="md"
          radius="md"
          p="sm"
          pos="sticky"
          bottom={8}
          style={{ zIndex: 3 }}
        >
          <Stack gap="xs">
            {serverMessage && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
                {serverMessage}
              </Alert>
            )}
            {submitFailed && errorCount > 0 && (
              <Group gap="xs" wrap="nowrap" justify="space-between" role="alert">
                <Text size="sm" c="red">
                  {errorCount === 1
                    ? 'One field needs a fix before saving.'
                    : `${errorCount} fields need a fix before saving.`}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => focusFirstProblem(rootRef.current)}
                >
                  Show me
                </Button>
              </Group>
            )}
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" visibleFrom="xs" aria-live="polite">
                {dirty ? 'Unsaved changes' : workout ? 'All changes saved' : ''}
              </Text>
              <Group gap="xs" wrap="nowrap" ml="auto">
                {dirty && (
                  <Button variant="default" onClick={discard} disabled={saving}>
                    Discard
                  </Button>
                )}
                <Button
                  type="submit"
                  loading={saving}
                  leftSection={workout ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
                >
                  {workout ? 'Update workout' : 'Create workout'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
