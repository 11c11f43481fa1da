import { ActionIcon, Box, Group, NumberInput, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { MAX_REPS, MAX_SETS, MAX_WEIGHT } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
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
  const path = `groups.${groupIndex}.exercises.${index}`;
  const timed = row.exercise?.kind === 'timed';
  const name = `exercise ${index + 1} of group ${groupIndex + 1}`;

  const fields: ReactNode = (
    <>
      <ExercisePicker
        value={row.exercise}
        onChange={onPick}
        error={form.errors[`${path}.exercise`]}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" mt="sm">
        <NumberInput
          label="Sets"
          min={1}
          max={MAX_SETS}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          {...form.getInputProps(`${path}.sets`)}
        />
        {timed ? (
          <NumberInput
            label="Duration (s)"
            min={5}
            max={3600}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            {...form.getInputProps(`${path}.duration_seconds`)}
          />
        ) : (
          <>
            <NumberInput
              label="Reps"
              min={1}
              max={MAX_REPS}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              hideControls
              {...form.getInputProps(`${path}.reps`)}
            />
            <NumberInput
              label={`Weight (${weightUnit})`}
              placeholder="Bodyweight"
              min={0}
              max={MAX_WEIGHT}
              step={weightUnit === 'kg' ? 2.5 : 5}
              decimalScale={2}
              allowNegative={false}
              inputMode="decimal"
              hideControls
              {...form.getInputProps(`${path}.weight`)}
            />
          </>
        )}
        <NumberInput
          label="Rest (s)"
          min={0}
          max={900}
          step={15}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          {...form.getInputProps(`${path}.rest_seconds`)}
        />
      </SimpleGrid>
    </>
  );

  if (!linked) {
    return (
      <Box role="group" aria-label={`Exercise ${index + 1}`}>
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
      aria-label={`Exercise ${index + 1}`}
      bg="var(--mantine-color-body)"
    >
      <Group justify="space-between" wrap="nowrap" mb={4} gap="xs">
        <Text size="sm" fw={700} c="dimmed">
          Exercise {index + 1}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="gray"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="gray"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="red"
            aria-label={`Remove ${name}`}
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
