import { Badge, Card, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrophy, IconUsers } from '@tabler/icons-react';
import type { ChallengeSummary } from '@fitcoach/shared/challenges';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import classes from './challenges.module.css';
import { calendarDay, DAY_FORMAT } from './challenge-dates';
import { ChallengeStatusBadge } from './challenge-status-badge';
import { VisibilityBadge } from './visibility-badge';

export interface ChallengeCardProps {
  challenge: ChallengeSummary;
  onOpen: (id: number) => void;
}

/** One challenge in the list; the whole card opens its details. */
export function ChallengeCard({ challenge: c, onOpen }: ChallengeCardProps) {
  const { t } = useTranslation('challenges');
  const format = useFormat();
  const percent = c.requirement_count > 0 ? (c.completed_count / c.requirement_count) * 100 : 0;
  return (
    <Card component="li" withBorder padding={0} className={classes.card}>
      <UnstyledButton
        onClick={() => onOpen(c.id)}
        className={classes.cardButton}
        aria-label={t('card.open', { title: c.title })}
      >
        <Stack gap={6} p="md">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={700} size="lg" className={classes.title}>
              {c.title}
            </Text>
            <span className={classes.status}>
              <ChallengeStatusBadge status={c.status} />
            </span>
          </Group>
          <Text size="sm" c="dimmed">
            {t('card.dates', {
              start: format.date(calendarDay(c.start_date), DAY_FORMAT),
              end: format.date(calendarDay(c.end_date), DAY_FORMAT),
            })}
            {' · '}
            {t('card.days', { count: c.duration })}
          </Text>
          {c.prize && (
            <Group gap={6} wrap="nowrap">
              <IconTrophy size={16} aria-hidden />
              <Text size="sm" lineClamp={1}>
                {c.prize}
              </Text>
            </Group>
          )}
          <Group gap="xs" wrap="wrap">
            <VisibilityBadge challenge={c} />
            <Group gap={4} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text size="sm">{t('card.participants', { count: c.participant_count })}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('card.by', { name: c.creator.name })}
            </Text>
          </Group>
          {c.joined && (
            <Stack gap={4}>
              <Group gap="xs" justify="space-between">
                <Badge variant="light" color="teal">
                  {t('card.joined')}
                </Badge>
                <Text size="sm">
                  {t('card.progress', { done: c.completed_count, total: c.requirement_count })}
                </Text>
              </Group>
              <Progress value={percent} size="sm" aria-hidden />
            </Stack>
          )}
        </Stack>
      </UnstyledButton>
    </Card>
  );
}
