import { Alert, Box, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { GroupKind } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import {
  countExercises,
  MAX_GROUPS,
  type GroupValues,
  type WorkoutForm,
} from '../../lib/workout-form-values';
import { GroupCard } from './group-card';
import { WorkoutDetailsFields } from './workout-details-fields';

/** The buttons that add a group, in this order (kinds, not words: each has its label). */
const ADDABLE_KINDS: readonly GroupKind[] = ['single', 'superset', 'circuit'];

/** Name, description, goal, level, length, tags and who may see it. */
export function DetailsSection({ form }: { form: WorkoutForm }) {
  const { t } = useTranslation('workouts');
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
          {t('details.heading')}
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
  const { t } = useTranslation('workouts');
  const values = form.getValues();
  const groupCount = values.groups.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="builder-exercises">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id="builder-exercises">
          {t('groups.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('groups.summary', {
            groups: t('count.groups', { count: groupCount }),
            exercises: t('count.exercises', { count: countExercises(values) }),
          })}
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
            {groupCount === 0 ? t('groups.startHint') : t('groups.nextHint')}
          </Text>
          {form.errors.groups && (
            <Text size="sm" c="red" role="alert" data-form-problem>
              {form.errors.groups}
            </Text>
          )}
          <Group justify="center" gap="xs">
            {ADDABLE_KINDS.map((kind) => (
              <Button
                key={kind}
                variant={kind === 'single' ? 'light' : 'default'}
                leftSection={<IconPlus size={16} />}
                disabled={groupCount >= MAX_GROUPS}
                onClick={() => onAdd(kind)}
              >
                {t(`groups.add.${kind}`)}
              </Button>
            ))}
          </Group>
          {groupCount >= MAX_GROUPS && (
            <Text size="xs" c="dimmed">
              {t('groups.max', { max: MAX_GROUPS })}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Deleting a saved workout, apart from everything else. */
export function DeleteSection({ onDelete, deleting }: { onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation('workouts');
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
            {t('deleteSection.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('deleteSection.body')}
          </Text>
        </Box>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          loading={deleting}
        >
          {t('deleteSection.button')}
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
  const { t } = useTranslation('workouts');
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
              {t('saveBar.problems', { count: problemCount })}
            </Text>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onShowProblem}>
              {t('saveBar.showMe')}
            </Button>
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" visibleFrom="xs" aria-live="polite">
            {dirty ? t('saveBar.unsaved') : editing ? t('saveBar.allSaved') : ''}
          </Text>
          <Group gap="xs" wrap="nowrap" ml="auto">
            {dirty && (
              <Button variant="default" onClick={onDiscard} disabled={saving}>
                {t('saveBar.discard')}
              </Button>
            )}
            <Button
              type="submit"
              loading={saving}
              leftSection={editing ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
            >
              {editing ? t('saveBar.update') : t('saveBar.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
