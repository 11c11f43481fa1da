import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconHistory, IconHome } from '@tabler/icons-react';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useFormat } from '../../../../i18n/format';
import { setLine, type LoggedExercise } from '../../guided-plan';
import { groupsDoneText } from './groups-done-text';

/**
 * Guided mode once the workout is logged: what went into the log and the ways out. The session
 * is over, so nothing here can be filled in or logged a second time.
 */
export function GuidedLogged({
  workoutId,
  unit,
  exercises,
  counts,
}: {
  workoutId: number;
  unit: WorkoutDetail['weight_unit'];
  exercises: LoggedExercise[];
  counts: { completed: number; skipped: number };
}) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack gap="md">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon color="teal" variant="light" size={56} radius="xl" aria-hidden>
            <IconCircleCheck size={34} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('guided.loggedTitle')}
          </Title>
          <Text c="dimmed">{t('guided.loggedSummary', { done: groupsDoneText(t, counts) })}</Text>
        </Stack>
        {exercises.length > 0 ? (
          <Stack gap={6}>
            <Title order={3} size="h5">
              {t('guided.whatYouLogged')}
            </Title>
            <List spacing={6} listStyleType="none" aria-label={t('guided.whatYouLogged')}>
              {exercises.map((exercise, i) => (
                <List.Item key={`${exercise.exerciseId}-${i}`}>
                  <Text size="sm" fw={600} span>
                    {exercise.name ?? t('exerciseFallback')}
                  </Text>
                  <Text size="sm" c="dimmed" span>
                    {': '}
                    {exercise.sets.map((set) => setLine(t, format.locale, set, unit)).join(', ')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            {t('guided.noSetsLogged')}
          </Text>
        )}
        <Group justify="center" gap="sm">
          <Button
            component={Link}
            to={paths.history.href()}
            leftSection={<IconHistory size={16} />}
          >
            {t('guided.seeHistory')}
          </Button>
          <Button
            component={Link}
            to={paths.workout.href(workoutId)}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('guided.backToWorkout')}
          </Button>
          <Button
            component={Link}
            to={paths.home.href()}
            variant="subtle"
            leftSection={<IconHome size={16} />}
          >
            {t('guided.home')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
