import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePrograms } from '../api/get-programs';
import { loadFailed } from '../../../lib/query-state';

export interface ProgramsListProps {
  /** Where a program's page is. */
  programHref: (id: number) => string;
  /** Where to ask the trainer for a program (the empty state's link). */
  newProgramHref: string;
  /** The program builder, to build one by hand. */
  buildProgramHref: string;
}

/** The Programs page: the member's programs, then friends' shared and public ones. */
export function ProgramsList({ programHref, newProgramHref, buildProgramHref }: ProgramsListProps) {
  const { t } = useTranslation('programs');
  const programs = usePrograms();

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={buildProgramHref} variant="default">
            {t('list.build')}
          </Button>
          <Button component={Link} to={newProgramHref} leftSection={<IconSparkles size={16} />}>
            {t('list.new')}
          </Button>
        </Group>
      </Group>
      {programs.isPending ? (
        <Stack aria-busy="true" aria-label={t('list.loading')}>
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      ) : loadFailed(programs) ? (
        <LoadErrorAlert
          title={t('list.loadError')}
          error={programs.error}
          onRetry={() => void programs.refetch()}
        />
      ) : programs.data.items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="flex-start" gap="sm">
            <Title order={2} size="h4">
              {t('list.emptyTitle')}
            </Title>
            <Text c="dimmed">{t('list.empty')}</Text>
            <Button component={Link} to={newProgramHref} variant="light">
              {t('list.emptyAction')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {programs.data.items.map((p) => (
            <Card component="li" key={p.id} withBorder padding="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor component={Link} to={programHref(p.id)} fw={700} size="lg">
                    {p.title}
                  </Anchor>
                  <Group gap="xs">
                    <Badge variant="light">
                      {t(`options.workoutGoal.${p.goal}`, { ns: 'common' })}
                    </Badge>
                    {!p.is_mine && (
                      <Badge variant="light" color="grape">
                        {t('list.by', { name: p.owner.name })}
                      </Badge>
                    )}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('list.shape', {
                    weeks: p.weeks,
                    sessions: p.sessions_per_week,
                    count: p.weeks,
                  })}
                </Text>
                {p.description && (
                  <Text size="sm" lineClamp={2}>
                    {p.description}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
