import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { groupKindLabels, type ExerciseGroup } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';

/** A group of the workout: its kind, rest, notes and like, around its exercises. */
export function ExerciseGroupCard({
  group,
  index,
  onLike,
  children,
}: {
  group: ExerciseGroup;
  index: number;
  onLike: () => void;
  children: ReactNode;
}) {
  const title =
    group.kind === 'single'
      ? `${index + 1}. ${group.exercises[0]?.name ?? 'Exercise'}`
      : `${index + 1}. ${groupKindLabels[group.kind]}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={800}>{index + 1}.</Text>
            {group.kind !== 'single' && (
              <Badge variant="light" color="grape">
                {groupKindLabels[group.kind]}
              </Badge>
            )}
            {group.rest_seconds > 0 && (
              <Text size="sm" c="dimmed">
                Rest {group.rest_seconds} s after
              </Text>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={group.liked ? 'Unlike' : 'Like this group'} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={onLike}
                aria-pressed={group.liked}
                aria-label={`${group.liked ? 'Unlike' : 'Like'} group ${index + 1}`}
              >
                {group.liked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
              </ActionIcon>
            </Tooltip>
            <Text size="sm" c="dimmed" aria-label={`${group.like_count} likes`}>
              {group.like_count}
            </Text>
          </Group>
        </Group>
        {group.notes && (
          <Text size="sm" fs="italic">
            {group.notes}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
