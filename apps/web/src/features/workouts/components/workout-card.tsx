import {
  Avatar,
  Badge,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
  type MantineColor,
} from '@mantine/core';
import { IconBarbell, IconClock, IconListNumbers, IconLock, IconTag } from '@tabler/icons-react';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LinkCard } from '../../../components/link-card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { initials } from '../../../lib/initials';
import { minutesText } from '../lib/workout-units';
import type { WorkoutsT } from '../lib/workouts-t';

const goalColors: Record<WorkoutGoal, MantineColor> = {
  weight_lifting: 'blue',
  crossfit: 'orange',
  hiit: 'red',
  cardio: 'pink',
  tabata: 'grape',
  boxing: 'violet',
  kickboxing: 'indigo',
  sport: 'cyan',
  sport_specific: 'teal',
};

/** Who wrote it: FitCoach's library has no owner (the brand's name is not translated). */
export function ownerLabel(
  t: WorkoutsT,
  owner: WorkoutSummary['owner'],
  viewerId: number | null,
): string {
  if (owner === null) return 'FitCoach';
  return owner.id === viewerId ? t('owner.you') : owner.name;
}

/** One workout in the list; the whole card opens the workout. */
export function WorkoutCard({
  workout,
  viewerId,
}: {
  workout: WorkoutSummary;
  viewerId: number | null;
}) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  const titleId = useId();
  const owner = ownerLabel(t, workout.owner, viewerId);
  const mine = workout.owner !== null && workout.owner.id === viewerId;

  return (
    <LinkCard to={paths.workout.href(workout.id)} labelledBy={titleId}>
      <Stack gap="sm" h="100%">
        <Stack gap={8}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h4" id={titleId} lh={1.3}>
              {workout.title}
            </Title>
            {mine && !workout.is_public && (
              <Badge
                size="sm"
                variant="light"
                color="gray"
                leftSection={<IconLock size={12} aria-hidden />}
                style={{ flexShrink: 0 }}
              >
                {t('card.private')}
              </Badge>
            )}
          </Group>
          <Group gap={6}>
            <Badge variant="light" color={goalColors[workout.goal]} tt="none">
              <VisuallyHidden>{t('card.goalPrefix')}</VisuallyHidden>
              {t(`goals.${workout.goal}`)}
            </Badge>
            <Badge variant="outline" color="gray" tt="none">
              <VisuallyHidden>{t('card.levelPrefix')}</VisuallyHidden>
              {t(`levels.${workout.level}`)}
            </Badge>
          </Group>
        </Stack>
        {workout.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {workout.description}
          </Text>
        )}
        <Group gap="lg" c="dimmed">
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} stroke={1.6} aria-hidden />
            <Text size="sm">
              {t('card.about', { duration: minutesText(format.locale, workout.estimated_minutes) })}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconListNumbers size={16} stroke={1.6} aria-hidden />
            <Text size="sm">{t('count.exercises', { count: workout.exercise_count })}</Text>
          </Group>
        </Group>
        {workout.tags.length > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconTag
              size={14}
              stroke={1.6}
              aria-hidden
              style={{ flexShrink: 0, marginTop: 3, color: 'var(--mantine-color-dimmed)' }}
            />
            <Text size="xs" c="dimmed">
              <VisuallyHidden>{t('card.tagsPrefix')}</VisuallyHidden>
              {workout.tags.map((tag) => tag.name).join(' · ')}
            </Text>
          </Group>
        )}
        <Group
          gap={8}
          mt="auto"
          pt="sm"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {workout.owner === null ? (
            <ThemeIcon size={22} radius="xl" aria-hidden>
              <IconBarbell size={13} />
            </ThemeIcon>
          ) : (
            <Avatar size={22} radius="xl" color={mine ? 'brand' : 'gray'} aria-hidden>
              <Text size="9px" fw={700}>
                {initials(workout.owner.name)}
              </Text>
            </Avatar>
          )}
          <Text size="sm" c="dimmed" truncate>
            <Trans
              t={t}
              i18nKey="card.by"
              values={{ owner }}
              components={{ owner: <Text span fw={600} c="var(--mantine-color-text)" inherit /> }}
            />
          </Text>
        </Group>
      </Stack>
    </LinkCard>
  );
}
