import { Stack } from '@mantine/core';
import type { MeasurementType } from '@fitcoach/shared/units';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useWorkoutForm } from './use-workout-form';
import { DeleteSection, DetailsSection, GroupsSection, SaveBar } from './workout-form-sections';

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
  const { t } = useTranslation('workouts');
  const {
    form,
    rootRef,
    leaving,
    unit,
    dirty,
    saving,
    deleting,
    serverMessage,
    problemCount,
    submit,
    discard,
    confirmDelete,
    showFirstProblem,
    addGroup,
    changeGroup,
    moveGroup,
    removeGroup,
  } = useWorkoutForm({ units, workout });

  return (
    <form
      ref={rootRef}
      onSubmit={submit}
      noValidate
      aria-label={workout ? t('builder.formEdit', { title: workout.title }) : t('builder.formNew')}
    >
      <UnsavedChangesGuard when={dirty && !saving} bypass={leaving} />
      <Stack gap="lg">
        <DetailsSection form={form} />
        <GroupsSection
          form={form}
          weightUnit={unit}
          onAdd={addGroup}
          onChange={changeGroup}
          onMove={moveGroup}
          onRemove={removeGroup}
        />
        {workout && <DeleteSection onDelete={confirmDelete} deleting={deleting} />}
        <SaveBar
          editing={workout !== undefined}
          dirty={dirty}
          saving={saving}
          serverMessage={serverMessage}
          problemCount={problemCount}
          onDiscard={discard}
          onShowProblem={showFirstProblem}
        />
      </Stack>
    </form>
  );
}
