import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconPlayerPlayFilled,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { workoutGoalLabels } from '@fitcoach/shared/profile';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';

const levelLabels = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const;

export function WorkoutHeader({
  workout,
  onStartGuided,
  onShare,
  onCopy,
  onEdit,
  onDelete,
  copying,
}: {
  workout: WorkoutDetail;
  onStartGuided: () => void;
  onShare: () => void;
  onCopy: () => void;
  onEdit: () => void;
  onDelete: () => void;
  copying: boolean;
}) {
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {workout.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light">{workoutGoalLabels[workout.goal]}</Badge>
          <Badge variant="light" color="gray">
            {levelLabels[workout.level]}
          </Badge>
          <Badge variant="light" color="gray">
            {workout.estimated_minutes} min
          </Badge>
          <Text size="sm" c="dimmed">
            by {workout.owner ? workout.owner.name : 'FitCoach'}
            {!workout.is_public && ' · private'}
          </Text>
        </Group>
        {workout.description && <Text c="dimmed">{workout.description}</Text>}
        {workout.tags.length > 0 && (
          <Group gap={4}>
            {workout.tags.map((t) => (
              <Badge key={t.id} size="sm" variant="outline" color="gray">
                {t.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Group gap="xs">
        <Button leftSection={<IconPlayerPlayFilled size={16} />} onClick={onStartGuided}>
          Start guided workout
        </Button>
        <Button variant="default" leftSection={<IconShare size={16} />} onClick={onShare}>
          Share
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label="More actions" loading={copying}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={onCopy}>
              Copy to my workouts
            </Menu.Item>
            {workout.can_edit && (
              <>
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
                  Edit in builder
                </Menu.Item>
                <Menu.Item
                  // The theme's AA red for text: a menu item takes shade 6 of a colour name.
                  color="var(--mantine-color-red-text)"
                  leftSection={<IconTrash size={16} />}
                  onClick={onDelete}
                >
                  Delete workout
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}
