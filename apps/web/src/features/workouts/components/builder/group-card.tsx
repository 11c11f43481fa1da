import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { groupKindLabels, groupKinds, type GroupKind } from '@fitcoach/shared/workouts';
import { focusMoveButton } from '../../lib/dom-focus';
import { moveItem, removeAt, replaceAt } from '../../lib/list-moves';
import {
  MAX_GROUP_EXERCISES,
  newExerciseRow,
  withExercise,
  withGroupKind,
  type GroupValues,
  type WorkoutForm,
} from '../../lib/workout-form-values';
import classes from './builder.module.css';
import { ExerciseRow } from './exercise-row';

const kindHints: Record<GroupKind, string> = {
  single: 'One exercise: all its sets, with the rest between sets.',
  superset: 'Two or more exercises back to back, then the rest after the group.',
  circuit: 'A round of several exercises, repeated for the sets, resting after each round.',
};

export interface GroupCardProps {
  form: WorkoutForm;
  index: number;
  group: GroupValues;
  count: number;
  weightUnit: 'kg' | 'lb';
  onChange: (group: GroupValues) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One group of the workout: its kind, its exercises in order, and the rest after it. */
export function GroupCard({
  form,
  index,
  group,
  count,
  weightUnit,
  onChange,
  onMove,
  onRemove,
}: GroupCardProps) {
  const headingId = `builder-group-${group.key}`;
  const linked = group.kind !== 'single';
  const exercisesError = form.errors[`groups.${index}.exercises`];
  const canAddExercise = linked && group.exercises.length < MAX_GROUP_EXERCISES;
  const setExercises = (exercises: GroupValues['exercises']) => onChange({ ...group, exercises });

  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      component="section"
      aria-labelledby={`${headingId}-title`}
      id={headingId}
      style={{ scrollMarginTop: 76 }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px={{ base: 'sm', sm: 'md' }}
        py="xs"
        bg="var(--mantine-color-default-hover)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" size={28} variant="light" aria-hidden>
            <Text fw={800} size="sm">
              {index + 1}
            </Text>
          </ThemeIcon>
          <Title order={3} size="h5" id={`${headingId}-title`} tabIndex={-1}>
            Group {index + 1}
          </Title>
        </Group>
        <Group gap={2} wrap="nowrap">
          {count > 1 && (
            <>
              <ActionIcon
                variant="subtle"
                className={classes.itemAction}
                color="gray"
                size="lg"
                aria-label={`Move group ${index + 1} up`}
                disabled={index === 0}
                onClick={() => onMove(index - 1)}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                className={classes.itemAction}
                color="gray"
                size="lg"
                aria-label={`Move group ${index + 1} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </>
          )}
          <ActionIcon
            variant="subtle"
            className={classes.itemAction}
            color="red"
            size="lg"
            aria-label={`Remove group ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>

      <Stack gap="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap={6}>
          <SegmentedControl
            fullWidth
            size="sm"
            aria-label={`Type of group ${index + 1}`}
            data={groupKinds.map((kind) => ({ value: kind, label: groupKindLabels[kind] }))}
            value={group.kind}
            onChange={(kind) => onChange(withGroupKind(group, kind))}
          />
          <Text size="xs" c="dimmed">
            {kindHints[group.kind]}
          </Text>
        </Stack>

        <Stack gap="sm">
          {group.exercises.map((row, i) => (
            <ExerciseRow
              key={row.key}
              form={form}
              groupIndex={index}
              index={i}
              row={row}
              count={group.exercises.length}
              linked={linked}
              weightUnit={weightUnit}
              onPick={(exercise) =>
                setExercises(replaceAt(group.exercises, i, withExercise(row, exercise)))
              }
              onMove={(to) => {
                setExercises(moveItem(group.exercises, i, to));
                focusMoveButton(
                  document.getElementById(headingId),
                  (same) =>
                    `Move exercise ${to + 1} of group ${index + 1} ${same === to < i ? 'up' : 'down'}`,
                );
              }}
              onRemove={() => setExercises(removeAt(group.exercises, i))}
            />
          ))}
          {exercisesError && (
            <Text size="sm" c="red" role="alert">
              {exercisesError}
            </Text>
          )}
          {canAddExercise && (
            <Box>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPlus size={16} />}
                onClick={() => setExercises([...group.exercises, newExerciseRow(group.kind)])}
              >
                Add exercise to group {index + 1}
              </Button>
            </Box>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Rest after group (s)"
            min={0}
            max={900}
            step={15}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            {...form.getInputProps(`groups.${index}.rest_seconds`)}
          />
          <Textarea
            label="Notes"
            placeholder="Cues, tempo, how to warm up…"
            autosize
            minRows={1}
            maxRows={6}
            maxLength={500}
            {...form.getInputProps(`groups.${index}.notes`)}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
