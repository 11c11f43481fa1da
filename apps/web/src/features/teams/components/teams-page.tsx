import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { TeamSummary } from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useTeams } from '../api/get-teams';
import { useTeamsUpdates } from '../api/teams-channel';
import { CreateTeamModal } from './create-team-modal';
import { MemberAvatar } from '../../../components/member-avatar';
import { loadFailed } from '../../../lib/query-state';

function TeamCard({ team }: { team: TeamSummary }) {
  const { t } = useTranslation('teams');
  const titleId = `team-${team.id}-name`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MemberAvatar name={team.name} avatarUrl={team.photo_url} size={56} radius="md" />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light">{t(`sport.${team.sport}`)}</Badge>
              <Badge variant="outline" color="gray">
                {t(`role.${team.my_role}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {team.season
                ? t('list.seasonMembers', { season: team.season, count: team.member_count })
                : t('list.members', { count: team.member_count })}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={paths.team.href(team.id)}
            variant="light"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            aria-label={t('list.openLabel', { name: team.name })}
          >
            {t('list.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/teams`: the teams the member is on, and creating one. */
export function TeamsPage() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const [createOpened, create] = useDisclosure(false);
  const list = useTeams();
  useTeamsUpdates();
  const items = list.data?.items ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={create.open} size="md">
          {t('page.create')}
        </Button>
      </Group>

      {list.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          aria-busy="true"
          aria-label={t('page.loading')}
        >
          <Skeleton h={150} />
          <Skeleton h={150} />
        </SimpleGrid>
      ) : loadFailed(list) ? (
        <LoadErrorAlert
          title={t('page.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="flex-start" gap="sm">
            <Text fw={600}>{t('page.emptyTitle')}</Text>
            <Text c="dimmed">{t('page.empty')}</Text>
            <Button variant="light" onClick={create.open}>
              {t('page.create')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="section"
          aria-label={t('page.title')}
        >
          {items.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </SimpleGrid>
      )}

      <CreateTeamModal
        opened={createOpened}
        onClose={create.close}
        onCreated={(team) => void navigate(paths.team.href(team.id))}
      />
    </Stack>
  );
}
