import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarbell, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** What a member with no logs sees: the two ways a first entry gets here. */
export function HistoryEmptyState({ onRecord }: { onRecord: () => void }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" ta="center" gap="sm" py="lg" maw={460} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconBarbell size={34} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h3">
          No workouts logged yet
        </Title>
        <Text c="dimmed">
          Finish a workout from the library, or record a session you did elsewhere. Each one shows
          up here with your volume, records and streaks.
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button
            component={Link}
            to={paths.workouts.href()}
            size="md"
            leftSection={<IconSearch size={18} />}
          >
            Browse workouts
          </Button>
          <Button
            variant="default"
            size="md"
            onClick={onRecord}
            leftSection={<IconPencilPlus size={18} />}
          >
            Record a workout
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
