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
import { groupKinds } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('workouts');
  const number = index + 1;
  const headingId = `builder-group-${group.key}`;
  const linked = group.kind !== 'single';
  const exercisesError = form.errors[`groups.${index}.exercises`];
  const canAddExercise = linked && group.exercises.length < MAX_GROUP_EXERCISES;
  // The form's paths, out of the markup (where a literal would read as UI text).
  const restInput = form.getInputProps(`groups.${index}.rest_seconds`);
  const notesInput = form.getInputProps(`groups.${index}.notes`);
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
            {t('groupEditor.title', { number })}
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
                aria-label={t('groupEditor.moveUp', { number })}
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
                aria-label={t('groupEditor.moveDown', { number })}
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
            aria-label={t('groupEditor.remove', { number })}
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
            aria-label={t('groupEditor.typeLabel', { number })}
            data={groupKinds.map((kind) => ({ value: kind, label: t(`groupKinds.${kind}`) }))}
            value={group.kind}
            onChange={(kind) => onChange(withGroupKind(group, kind))}
          />
          <Text size="xs" c="dimmed">
            {t(`groupEditor.hints.${group.kind}`)}
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
                focusMoveButton(document.getElementById(headingId), (same) =>
                  t(same === to < i ? 'exerciseRow.moveUp' : 'exerciseRow.moveDown', {
                    exercise: to + 1,
                    group: number,
                  }),
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
                {t('groupEditor.addExercise', { number })}
              </Button>
            </Box>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('groupEditor.restAfter')}
            min={0}
            max={900}
            step={15}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            {...restInput}
          />
          <Textarea
            label={t('groupEditor.notes')}
            placeholder={t('groupEditor.notesPlaceholder')}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={500}
            {...notesInput}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
