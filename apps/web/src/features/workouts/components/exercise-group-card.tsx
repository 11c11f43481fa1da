import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { ExerciseGroup } from '@fitcoach/shared/workouts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { secondsText } from '../lib/workout-units';

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
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const number = index + 1;
  const title = t('groupCard.title', {
    number,
    name:
      group.kind === 'single'
        ? (group.exercises[0]?.name ?? t('exerciseFallback'))
        : t(`groupKinds.${group.kind}`),
  });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={800}>{t('groupCard.number', { number })}</Text>
            {group.kind !== 'single' && (
              <Badge variant="light" color="grape">
                {t(`groupKinds.${group.kind}`)}
              </Badge>
            )}
            {group.rest_seconds > 0 && (
              <Text size="sm" c="dimmed">
                {t('groupCard.restAfter', {
                  duration: secondsText(t, format.locale, group.rest_seconds),
                })}
              </Text>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip
              label={group.liked ? t('groupCard.unlikeTip') : t('groupCard.likeTip')}
              withArrow
            >
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={onLike}
                aria-pressed={group.liked}
                aria-label={
                  group.liked ? t('groupCard.unlike', { number }) : t('groupCard.like', { number })
                }
              >
                {group.liked ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
              </ActionIcon>
            </Tooltip>
            <Text
              size="sm"
              c="dimmed"
              aria-label={t('groupCard.likes', { count: group.like_count })}
            >
              {format.number(group.like_count)}
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
