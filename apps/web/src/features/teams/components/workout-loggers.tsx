import { Avatar, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import type { TeamMember, TeamWorkout, TeamWorkoutLogger } from '@fitcoach/shared/teams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../components/member-avatar';
import { useFormat } from '../../../i18n/format';

/**
 * For owners and coaches, under one team workout: how many have logged it, and on demand who
 * (each with the day of their latest log and how often) and which players have not yet.
 */
export function WorkoutLoggers({
  workout,
  loggers,
  members,
}: {
  workout: TeamWorkout;
  loggers: TeamWorkoutLogger[];
  members: TeamMember[];
}) {
  const { t } = useTranslation('teams');
  const format = useFormat();
  const [opened, toggle] = useDisclosure(false);
  const listId = useId();
  const logged = new Set(loggers.map((l) => l.id));
  const notYet = members.filter((m) => m.role === 'player' && !logged.has(m.user_id));

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        {loggers.length > 0 && (
          <Avatar.Group spacing="xs" aria-hidden>
            {loggers.slice(0, 5).map((p) => (
              <MemberAvatar key={p.id} name={p.name} avatarUrl={p.avatar_url} size={28} />
            ))}
          </Avatar.Group>
        )}
        <Text size="sm" c="dimmed">
          {t('workouts.loggedBy', { count: loggers.length })}
          {notYet.length > 0 && ` · ${t('workouts.notYetCount', { count: notYet.length })}`}
        </Text>
        {(loggers.length > 0 || notYet.length > 0) && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={toggle.toggle}
            aria-expanded={opened}
            aria-controls={listId}
            aria-label={t('workouts.whoLabel', { title: workout.title })}
            rightSection={
              <IconChevronDown
                size={14}
                aria-hidden
                style={{
                  transform: opened ? 'rotate(180deg)' : undefined,
                  transition: 'transform 150ms',
                }}
              />
            }
          >
            {t('workouts.who')}
          </Button>
        )}
      </Group>
      <Collapse expanded={opened} id={listId}>
        <Stack gap="xs" pt={4}>
          {loggers.length > 0 && (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {loggers.map((p) => (
                <Group key={p.id} component="li" gap="sm" wrap="nowrap">
                  <MemberAvatar name={p.name} avatarUrl={p.avatar_url} size={28} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} inherit>
                      {p.name}
                    </Text>
                    {' — '}
                    {t('workouts.lastOn', {
                      date: format.date(p.last_logged_on),
                      times: t('workouts.times', { count: p.times }),
                    })}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          {notYet.length > 0 && (
            <Text size="sm">
              <Text span c="dimmed" inherit>
                {t('workouts.notYet')}
              </Text>{' '}
              {notYet.map((m) => m.name).join(', ')}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
