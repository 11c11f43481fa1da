import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  challengeTabs,
  type ChallengeDetail,
  type ChallengeTab,
} from '@fitcoach/shared/challenges';
import type { Role } from '@fitcoach/shared/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useChallenges } from '../api/get-challenges';
import { useChallengeTeamUpdates } from '../api/team-updates';
import { ChallengeCard } from './challenge-card';
import { ChallengeDetailsModal } from './challenge-details-modal';
import { ChallengeFormModal } from './challenge-form-modal';
import { loadFailed } from '../../../lib/query-state';

/** `?tab=` picks the list (active when absent); `?challenge=<id>` opens a challenge's details. */
export function tabOf(value: string | null): ChallengeTab {
  return challengeTabs.find((tab) => tab === value) ?? 'active';
}

function challengeOf(value: string | null): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

function ChallengeTabList({
  tab,
  onOpen,
  onCreate,
}: {
  tab: ChallengeTab;
  onOpen: (id: number) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('challenges');
  const list = useChallenges(tab);
  if (list.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label={t('page.loading')}>
        <Skeleton h={150} />
        <Skeleton h={150} />
      </SimpleGrid>
    );
  }
  if (loadFailed(list)) {
    return (
      <LoadErrorAlert
        title={t('page.loadError')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="flex-start" gap="sm">
          <Title order={2} size="h4">
            {t('page.emptyTitle')}
          </Title>
          <Text c="dimmed">{t(`page.empty.${tab}`)}</Text>
          <Button variant="light" onClick={onCreate}>
            {t('page.emptyAction')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.items.map((c) => (
        <ChallengeCard key={c.id} challenge={c} onOpen={onOpen} />
      ))}
    </SimpleGrid>
  );
}

export interface ChallengesPageProps {
  /** The signed-in member's role: members create friends-only challenges. */
  role: Role;
  viewerId: number;
}

/** `/challenges`: upcoming, active, finished and your own challenges; create one; open one. */
export function ChallengesPage({ role, viewerId }: ChallengesPageProps) {
  const { t } = useTranslation('challenges');
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // Editing takes the details' place; they come back, current, once it is saved or cancelled.
  const [editing, setEditing] = useState<ChallengeDetail | null>(null);
  useChallengeTeamUpdates();
  const tab = tabOf(params.get('tab'));
  const open = challengeOf(params.get('challenge'));

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { preventScrollReset: true },
    );
  const openChallenge = (id: number | null) =>
    update((next) => (id === null ? next.delete('challenge') : next.set('challenge', String(id))));

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('page.create')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => update((next) => next.set('tab', tabOf(value)))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('page.tabsLabel')}>
          {challengeTabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`page.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {challengeTabs.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            <ChallengeTabList
              tab={name}
              onOpen={(id) => openChallenge(id)}
              onCreate={() => setCreating(true)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <ChallengeFormModal
        opened={creating}
        role={role}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          setCreating(false);
          update((next) => {
            next.set(
              'tab',
              created.status === 'upcoming'
                ? 'upcoming'
                : created.status === 'active'
                  ? 'active'
                  : 'mine',
            );
            next.set('challenge', String(created.id));
          });
        }}
      />
      <ChallengeFormModal
        opened={editing !== null}
        role={role}
        challenge={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <ChallengeDetailsModal
        challengeId={editing === null ? open : null}
        viewerId={viewerId}
        onClose={() => openChallenge(null)}
        onEdit={setEditing}
      />
    </Stack>
  );
}
