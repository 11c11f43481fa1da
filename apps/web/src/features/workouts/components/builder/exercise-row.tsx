import { ActionIcon, Box, Group, NumberInput, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { MAX_REPS, MAX_SETS, MAX_WEIGHT } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { decimalSeparator } from '../../lib/workout-units';
import {
  type ExerciseRowValues,
  type PickedExercise,
  type WorkoutForm,
} from '../../lib/workout-form-values';
import classes from './builder.module.css';
import { ExercisePicker } from './exercise-picker';

export interface ExerciseRowProps {
  form: WorkoutForm;
  groupIndex: number;
  index: number;
  row: ExerciseRowValues;
  /** How many exercises the group has. */
  count: number;
  /** A superset or circuit: rows get their own frame, number and controls. */
  linked: boolean;
  weightUnit: 'kg' | 'lb';
  onPick: (exercise: PickedExercise | null) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One exercise of a group: which one, and its targets for its kind. */
export function ExerciseRow({
  form,
  groupIndex,
  index,
  row,
  count,
  linked,
  weightUnit,
  onPick,
  onMove,
  onRemove,
}: ExerciseRowProps) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const path = `groups.${groupIndex}.exercises.${index}`;
  const timed = row.exercise?.kind === 'timed';
  const place = { exercise: index + 1, group: groupIndex + 1 };
  const label = t('exerciseRow.label', { number: index + 1 });
  // The form's paths, out of the markup (where a literal would read as UI text).
  const fieldError = form.errors[`${path}.exercise`];
  const inputProps = (field: 'sets' | 'reps' | 'weight' | 'duration_seconds' | 'rest_seconds') =>
    form.getInputProps(`${path}.${field}`);
  const sets = inputProps('sets');
  const reps = inputProps('reps');
  const weight = inputProps('weight');
  const duration = inputProps('duration_seconds');
  const rest = inputProps('rest_seconds');

  const fields: ReactNode = (
    <>
      <ExercisePicker value={row.exercise} onChange={onPick} error={fieldError} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" mt="sm">
        <NumberInput
          label={t('exerciseRow.sets')}
          min={1}
          max={MAX_SETS}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          {...sets}
        />
        {timed ? (
          <NumberInput
            label={t('exerciseRow.duration')}
            min={5}
            max={3600}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            {...duration}
          />
        ) : (
          <>
            <NumberInput
              label={t('exerciseRow.reps')}
              min={1}
              max={MAX_REPS}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              hideControls
              {...reps}
            />
            <NumberInput
              label={t('exerciseRow.weight', { unit: weightUnit })}
              placeholder={t('exerciseRow.bodyweight')}
              min={0}
              max={MAX_WEIGHT}
              step={weightUnit === 'kg' ? 2.5 : 5}
              decimalScale={2}
              decimalSeparator={decimalSeparator(format.locale)}
              allowNegative={false}
              inputMode="decimal"
              hideControls
              {...weight}
            />
          </>
        )}
        <NumberInput
          label={t('exerciseRow.rest')}
          min={0}
          max={900}
          step={15}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          {...rest}
        />
      </SimpleGrid>
    </>
  );

  if (!linked) {
    return (
      <Box role="group" aria-label={label}>
        {fields}
      </Box>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="group"
      aria-label={label}
      bg="var(--mantine-color-body)"
    >
      <Group justify="space-between" wrap="nowrap" mb={4} gap="xs">
        <Text size="sm" fw={700} c="dimmed">
          {label}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="gray"
            aria-label={t('exerciseRow.moveUp', place)}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="gray"
            aria-label={t('exerciseRow.moveDown', place)}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="red"
            aria-label={t('exerciseRow.remove', place)}
            disabled={count <= 1}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {fields}
    </Paper>
  );
}
