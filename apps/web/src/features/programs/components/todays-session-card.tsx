import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useProgramToday } from '../api/get-program-today';
import { loadFailed } from '../../../lib/query-state';

export interface TodaysSessionCardProps {
  workoutHref: (id: number) => string;
  programHref: (id: number) => string;
}

/**
 * "Today's session" on the home page: the followed program's workout for today with a one-tap
 * start (done once it is logged today), and why it was eased if readiness changed it. Nothing when there is no session today.
 */
export function TodaysSessionCard({ workoutHref, programHref }: TodaysSessionCardProps) {
  const { t } = useTranslation('programs');
  const today = useProgramToday();

  if (today.isPending) return <Skeleton h={120} aria-label={t('today.loading')} />;
  if (loadFailed(today)) {
    return (
      <LoadErrorAlert
        title={t('today.loadError')}
        error={today.error}
        onRetry={() => void today.refetch()}
      />
    );
  }
  const session = today.data;
  if (!session || !session.entry.workout) return null;
  const workout = session.entry.workout;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="todays-session">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="todays-session">
            {t('today.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('today.from', { program: session.program.title, week: session.entry.week })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Text fw={700} size="lg">
            {workout.title}
          </Text>
          {session.entry.status === 'done' && (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
              {t('today.done')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('detail.minutes', { count: workout.estimated_minutes })}
        </Text>
        {session.adjusted && session.entry.note && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            title={t('today.eased')}
          >
            {session.entry.note}
          </Alert>
        )}
        <Group>
          <Button
            component={Link}
            to={workoutHref(workout.id)}
            leftSection={<IconPlayerPlay size={16} />}
          >
            {t('today.start')}
          </Button>
          <Button component={Link} to={programHref(session.program.id)} variant="subtle">
            {t('today.openProgram')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
