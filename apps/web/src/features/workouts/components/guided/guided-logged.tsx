import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconHistory, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import type { LoggedExercise } from '../../guided-plan';

/**
 * Guided mode once the workout is logged: what went into the log and the ways out. The session
 * is over, so nothing here can be filled in or logged a second time.
 */
export function GuidedLogged({
  workoutId,
  exercises,
  counts,
}: {
  workoutId: number;
  exercises: LoggedExercise[];
  counts: { completed: number; skipped: number };
}) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack gap="md">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon color="teal" variant="light" size={56} radius="xl" aria-hidden>
            <IconCircleCheck size={34} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Workout logged
          </Title>
          <Text c="dimmed">
            {counts.completed} {counts.completed === 1 ? 'group' : 'groups'} completed
            {counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''}. It is in your history.
          </Text>
        </Stack>
        {exercises.length > 0 ? (
          <Stack gap={6}>
            <Title order={3} size="h5">
              What you logged
            </Title>
            <List spacing={6} listStyleType="none" aria-label="What you logged">
              {exercises.map((exercise, i) => (
                <List.Item key={`${exercise.exerciseId}-${i}`}>
                  <Text size="sm" fw={600} span>
                    {exercise.name}
                  </Text>
                  <Text size="sm" c="dimmed" span>
                    {': '}
                    {exercise.sets.join(', ')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            No sets were filled in: the log keeps your note and ratings.
          </Text>
        )}
        <Group justify="center" gap="sm">
          <Button
            component={Link}
            to={paths.history.href()}
            leftSection={<IconHistory size={16} />}
          >
            See your history
          </Button>
          <Button
            component={Link}
            to={paths.workout.href(workoutId)}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to the workout
          </Button>
          <Button
            component={Link}
            to={paths.home.href()}
            variant="subtle"
            leftSection={<IconHome size={16} />}
          >
            Home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
