import { Alert, Box, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { GroupKind } from '@fitcoach/shared/workouts';
import {
  countExercises,
  MAX_GROUPS,
  plural,
  type GroupValues,
  type WorkoutForm,
} from '../../lib/workout-form-values';
import { GroupCard } from './group-card';
import { WorkoutDetailsFields } from './workout-details-fields';

/** Name, description, goal, level, length, tags and who may see it. */
export function DetailsSection({ form }: { form: WorkoutForm }) {
  return (
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
  );
}

export interface GroupsSectionProps {
  form: WorkoutForm;
  weightUnit: 'kg' | 'lb';
  onAdd: (kind: GroupKind) => void;
  onChange: (index: number, group: GroupValues) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** The groups in order, each with its exercises, and the buttons that add the next one. */
export function GroupsSection({
  form,
  weightUnit,
  onAdd,
  onChange,
  onMove,
  onRemove,
}: GroupsSectionProps) {
  const values = form.getValues();
  const groupCount = values.groups.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="builder-exercises">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id="builder-exercises">
          Exercises
        </Title>
        <Text size="sm" c="dimmed">
          {plural(groupCount, 'group', 'groups')} ·{' '}
          {plural(countExercises(values), 'exercise', 'exercises')}
        </Text>
      </Group>
      {values.groups.map((group, index) => (
        <GroupCard
          key={group.key}
          form={form}
          index={index}
          group={group}
          count={groupCount}
          weightUnit={weightUnit}
          onChange={(next) => onChange(index, next)}
          onMove={(to) => onMove(index, to)}
          onRemove={() => onRemove(index)}
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
                onClick={() => onAdd(kind)}
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
  );
}

/** Deleting a saved workout, apart from everything else. */
export function DeleteSection({ onDelete, deleting }: { onDelete: () => void; deleting: boolean }) {
  return (
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
          onClick={onDelete}
          loading={deleting}
        >
          Delete workout
        </Button>
      </Group>
    </Card>
  );
}

export interface SaveBarProps {
  /** Saving changes an existing workout (Update) rather than creating one. */
  editing: boolean;
  dirty: boolean;
  saving: boolean;
  serverMessage: string | null;
  problemCount: number;
  onDiscard: () => void;
  onShowProblem: () => void;
}

/** Sticks to the bottom of the screen: what needs fixing, Discard, and Create or Update. */
export function SaveBar({
  editing,
  dirty,
  saving,
  serverMessage,
  problemCount,
  onDiscard,
  onShowProblem,
}: SaveBarProps) {
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 3 }}>
      <Stack gap="xs">
        {serverMessage && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
            {serverMessage}
          </Alert>
        )}
        {problemCount > 0 && (
          <Group gap="xs" wrap="nowrap" justify="space-between" role="alert">
            <Text size="sm" c="red">
              {problemCount === 1
                ? 'One field needs a fix before saving.'
                : `${problemCount} fields need a fix before saving.`}
            </Text>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onShowProblem}>
              Show me
            </Button>
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" visibleFrom="xs" aria-live="polite">
            {dirty ? 'Unsaved changes' : editing ? 'All changes saved' : ''}
          </Text>
          <Group gap="xs" wrap="nowrap" ml="auto">
            {dirty && (
              <Button variant="default" onClick={onDiscard} disabled={saving}>
                Discard
              </Button>
            )}
            <Button
              type="submit"
              loading={saving}
              leftSection={editing ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
            >
              {editing ? 'Update workout' : 'Create workout'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
