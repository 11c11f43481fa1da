import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarbell, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** What a member with no logs sees: the two ways a first entry gets here. */
export function HistoryEmptyState({ onRecord }: { onRecord: () => void }) {
  const { t } = useTranslation('workout-logs');
  return (
    <Card withBorder padding="xl">
      <Stack align="center" ta="center" gap="sm" py="lg" maw={460} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconBarbell size={34} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('emptyState.title')}
        </Title>
        <Text c="dimmed">{t('emptyState.body')}</Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button
            component={Link}
            to={paths.workouts.href()}
            size="md"
            leftSection={<IconSearch size={18} />}
          >
            {t('emptyState.browse')}
          </Button>
          <Button
            variant="default"
            size="md"
            onClick={onRecord}
            leftSection={<IconPencilPlus size={18} />}
          >
            {t('emptyState.record')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
