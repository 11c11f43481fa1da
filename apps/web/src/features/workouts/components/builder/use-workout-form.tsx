import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { weightUnit, type MeasurementType } from '@fitcoach/shared/units';
import type { GroupKind, WorkoutDetail } from '@fitcoach/shared/workouts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  emptyWorkoutForm,
  newGroup,
  sameWorkout,
  workoutToFormValues,
  type GroupValues,
  type WorkoutForm,
  type WorkoutFormValues,
} from '../../lib/workout-form-values';

function showSaved(title: string, message: string) {
  notifications.show({ color: 'teal', icon: <IconCheck size={18} />, title, message });
}

/**
 * The workout form's state and actions: the values (checked by the shared schema before the
 * API sees them, the API's answers landing on the same fields), saving (create, or update when
 * `workout` is given), discarding, deleting, and the group list's add, move and remove.
 */
export function useWorkoutForm({
  units,
  workout,
}: {
  units: MeasurementType;
  workout?: WorkoutDetail;
}) {
  const { t } = useTranslation('workouts');
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

  const form: WorkoutForm = useForm<WorkoutFormValues>({
    mode: 'controlled',
    initialValues: baseline,
    validate: (values) => {
      const result = checkWorkoutForm(t, values);
      return result.ok ? {} : result.errors;
    },
    onValuesChange: (values) => {
      if (!liveChecks.current) return;
      const result = checkWorkoutForm(t, values);
      form.setErrors(result.ok ? {} : result.errors);
    },
  });

  const values = form.getValues();
  const saving = create.isPending || update.isPending;
  const saveError = workout ? update.error : create.error;

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

  function changeGroup(index: number, group: GroupValues) {
    setGroups(replaceAt(form.getValues().groups, index, group));
  }

  function removeGroup(index: number) {
    const group = values.groups[index];
    const chosen = group?.exercises.filter((e) => e.exercise).length ?? 0;
    const doRemove = () => setGroups(removeAt(form.getValues().groups, index));
    if (chosen === 0) return doRemove();
    modals.openConfirmModal({
      title: t('groupEditor.removeTitle', { number: index + 1 }),
      children: <Text size="sm">{t('groupEditor.removeBody', { count: chosen })}</Text>,
      labels: { confirm: t('groupEditor.removeConfirm'), cancel: t('groupEditor.keepIt') },
      confirmProps: { color: 'red' },
      onConfirm: doRemove,
    });
  }

  function moveGroup(from: number, to: number) {
    setGroups(moveItem(values.groups, from, to));
    focusMoveButton(rootRef.current, (same) =>
      t(same === to < from ? 'groupEditor.moveUp' : 'groupEditor.moveDown', { number: to + 1 }),
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
    const result = checkWorkoutForm(t, submitted);
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
            showSaved(t('saved.updatedTitle'), t('saved.updatedMessage', { title: saved.title }));
          },
          onError: onSaveError,
        },
      );
    } else {
      create.mutate(result.input, {
        onSuccess: (saved) => {
          leaving.current = true;
          showSaved(t('saved.createdTitle'), t('saved.createdMessage', { title: saved.title }));
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

  function submit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(saveValid, showProblems)(event);
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
      title: t('saved.deleteTitle'),
      children: (
        <Text size="sm">
          {workout.is_public
            ? t('saved.deleteBodyPublic', { title: workout.title })
            : t('saved.deleteBody', { title: workout.title })}
        </Text>
      ),
      labels: { confirm: t('saved.deleteConfirm'), cancel: t('saved.keepIt') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(workout.id, {
          onSuccess: () => {
            leaving.current = true;
            showSaved(t('saved.deletedTitle'), t('saved.deletedMessage', { title: workout.title }));
            // Forget the workout only once the page has left, or it would refetch it (a 404).
            void Promise.resolve(navigate(paths.workouts.href())).then(() =>
              forgetDeletedWorkout(queryClient, workout.id),
            );
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('saved.deleteError'),
              message: errorMessage(error),
            }),
        }),
    });
  }

  return {
    form,
    rootRef,
    leaving,
    unit: weightUnit(units),
    dirty: !sameWorkout(values, baseline),
    saving,
    deleting: remove.isPending,
    /** A failure that is not about one field (those show on their fields). */
    serverMessage:
      saveError && !(saveError instanceof ApiError && saveError.issues.length > 0)
        ? errorMessage(saveError)
        : null,
    /** How many fields need a fix, once a save was tried. */
    problemCount: submitFailed ? Object.keys(form.errors).length : 0,
    submit,
    discard,
    confirmDelete,
    showFirstProblem: () => focusFirstProblem(rootRef.current),
    addGroup,
    changeGroup,
    moveGroup,
    removeGroup,
  };
}
