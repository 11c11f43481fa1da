import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconUserPlus } from '@tabler/icons-react';
import type { TeamDetail, TeamMember } from '@fitcoach/shared/teams';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoadProblem } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useTeam } from '../api/get-teams';
import { useTeamsUpdates } from '../api/teams-channel';
import { AddMemberModal } from './add-member-modal';
import { EditMemberModal } from './edit-member-modal';
import { MemberActions } from './member-actions';
import { MemberAvatar } from '../../../components/member-avatar';
import { TeamOptions } from './team-options';
import { TeamPhotoButton } from './team-photo-button';
import { TeamWorkouts } from './team-workouts';
import { loadFailed } from '../../../lib/query-state';

function Roster({ team, onAdd }: { team: TeamDetail; onAdd: () => void }) {
  const { t } = useTranslation(['teams', 'common']);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // The row being edited lives here, above the phone and desktop layouts: a row's own state
  // would be lost (its dialog closed, what was typed gone) if the layout switched meanwhile
  // (a window resized across the breakpoint).
  const [editingId, setEditingId] = useState<number | null>(null);
  const startEdit = useCallback((m: TeamMember) => setEditingId(m.user_id), []);
  const editing = team.members.find((m) => m.user_id === editingId) ?? null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="team-roster-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="team-roster-title">
            {t('roster.title', { count: team.members.length })}
          </Title>
          {team.can_manage && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onAdd}>
              {t('roster.add')}
            </Button>
          )}
        </Group>
        {phone ? (
          // Phones: one line per member (a five-column table would scroll sideways).
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {team.members.map((m) => (
              <Group
                key={m.user_id}
                component="li"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <MemberAvatar name={m.name} avatarUrl={m.avatar_url} size={36} />
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                    {m.name}
                  </Text>
                  {(m.alias_name || m.jersey_number !== null) && (
                    <Text size="sm" c="dimmed">
                      {[
                        m.jersey_number !== null ? `#${m.jersey_number}` : null,
                        m.alias_name || null,
                        m.alias_depedent_name || null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
                  <Badge
                    variant={m.role === 'player' ? 'outline' : 'light'}
                    color="brand"
                    w="fit-content"
                  >
                    {t(`role.${m.role}`)}
                  </Badge>
                </Stack>
                <MemberActions team={team} member={m} onEdit={startEdit} />
              </Group>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roster.name')}</Table.Th>
                  <Table.Th>{t('roster.alias')}</Table.Th>
                  <Table.Th ta="right">{t('roster.jersey')}</Table.Th>
                  <Table.Th>{t('roster.role')}</Table.Th>
                  {team.can_manage && (
                    <Table.Th>
                      <VisuallyHidden>{t('roster.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.members.map((m) => (
                  <Table.Tr key={m.user_id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <MemberAvatar name={m.name} avatarUrl={m.avatar_url} size={32} />
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {m.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.alias_name || '—'}</Text>
                      {m.alias_depedent_name && (
                        <Text size="xs" c="dimmed">
                          {m.alias_depedent_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace">
                        {m.jersey_number ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant={m.role === 'player' ? 'outline' : 'light'} color="brand">
                        {t(`role.${m.role}`)}
                      </Badge>
                    </Table.Td>
                    {team.can_manage && (
                      <Table.Td ta="right">
                        <MemberActions team={team} member={m} onEdit={startEdit} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {team.can_manage && editing && (
          <EditMemberModal
            team={team}
            member={editing}
            opened
            onClose={() => setEditingId(null)}
            onSaved={(row) =>
              notifications.show({
                color: 'teal',
                icon: <IconCheck size={18} />,
                message: t('member.saved', { name: row.name }),
              })
            }
          />
        )}
        {team.members.length === 1 && team.can_manage && (
          <Text c="dimmed" size="sm">
            {t('roster.onlyYou')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/teams/:id`: the team's header, roster and workouts. `sections` are other features' parts of
 * the page (team stats), composed in app/routes, shown below with the loaded team.
 */
export function TeamPage({
  teamId,
  sections,
}: {
  teamId: number;
  sections?: (team: TeamDetail) => ReactNode;
}) {
  const { t } = useTranslation('teams');
  const query = useTeam(teamId);
  const [addOpened, add] = useDisclosure(false);
  useTeamsUpdates();

  const back = (
    <Button
      component={Link}
      to={paths.teams.href()}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
      px={4}
    >
      {t('team.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <Stack gap="lg" maw={1100} aria-busy="true" aria-label={t('team.loading')}>
        {back}
        <Skeleton h={80} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (loadFailed(query)) {
    return (
      <Stack gap="md" maw={1100}>
        {back}
        <PageLoadProblem
          heading={t('team.unavailableTitle')}
          goneText={t('team.unavailable')}
          title={t('team.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }
  const team = query.data;

  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <Group gap="md" wrap="nowrap" align="center">
        <MemberAvatar name={team.name} avatarUrl={team.photo_url} size={72} radius="md" />
        <Stack gap={6} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {team.name}
          </Title>
          <Group gap={6} wrap="wrap">
            <Badge variant="light">{t(`sport.${team.sport}`)}</Badge>
            {team.season && (
              <Badge variant="outline" color="gray">
                {t('team.season', { season: team.season })}
              </Badge>
            )}
            <Badge variant="outline" color="gray">
              {t('team.myRole', { role: t(`role.${team.my_role}`) })}
            </Badge>
          </Group>
          <Group gap="xs" wrap="wrap">
            {team.can_manage && (
              <div>
                <TeamPhotoButton teamId={team.id} />
              </div>
            )}
            <TeamOptions team={team} />
          </Group>
        </Stack>
      </Group>
      <Roster team={team} onAdd={add.open} />
      <TeamWorkouts team={team} />
      {sections?.(team)}
      {team.can_manage && (
        <AddMemberModal
          teamId={team.id}
          opened={addOpened}
          onClose={add.close}
          onAdded={(answer) =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: t('add.added', { name: answer.name }),
            })
          }
        />
      )}
    </Stack>
  );
}
