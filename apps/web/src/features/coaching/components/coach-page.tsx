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
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconChevronRight, IconUserPlus } from '@tabler/icons-react';
import type { CoachClient } from '@fitcoach/shared/coaching';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useEndCoaching } from '../api/coach-actions';
import { useCoachClients } from '../api/get-clients';
import { AdherenceBar } from './adherence';
import { InviteClientModal } from './invite-client-modal';
import { MemberAvatar } from '../../../components/member-avatar';

const statusColors: Record<CoachClient['status'], string> = {
  active: 'teal',
  invited: 'blue',
  declined: 'gray',
  ended: 'gray',
};

function ActiveClientCard({ client }: { client: CoachClient }) {
  const { t } = useTranslation('coaching');
  const { date } = useFormat();
  const titleId = `client-${client.id}-name`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <MemberAvatar name={client.member.name} avatarUrl={client.member.avatar_url} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {client.member.name}
            </Title>
            <Text size="sm" c="dimmed">
              {client.program ? client.program.title : t('list.noProgram')}
            </Text>
          </Stack>
        </Group>
        {client.program &&
          (client.adherence === null ? (
            <Text size="sm" c="dimmed">
              {t('client.nothingDue')}
            </Text>
          ) : (
            <AdherenceBar value={client.adherence} />
          ))}
        <Text size="sm">
          {client.last_log_on
            ? t('list.lastLog', { date: date(client.last_log_on, { dateStyle: 'medium' }) })
            : t('list.noLogs')}
        </Text>
        {client.recent_logs.length > 0 && (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {client.recent_logs.map((log) => (
              <Text component="li" key={log.id} size="sm" c="dimmed" lineClamp={1}>
                {t('list.logLine', {
                  date: date(log.performed_on, { month: 'short', day: 'numeric' }),
                  title: log.title,
                })}
              </Text>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            component={Link}
            to={paths.coachClient.href(client.id)}
            variant="light"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            aria-label={t('list.openLabel', { name: client.member.name })}
          >
            {t('list.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function OtherClientRow({ client }: { client: CoachClient }) {
  const { t } = useTranslation(['coaching', 'common']);
  const { date } = useFormat();
  const end = useEndCoaching();
  const withdraw = () =>
    modals.openConfirmModal({
      title: t('list.withdrawTitle'),
      centered: true,
      children: <Text size="sm">{t('list.withdrawBody', { name: client.member.name })}</Text>,
      labels: { confirm: t('list.withdraw'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(client.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('list.withdrawFailed'),
              message: errorMessage(err),
            }),
        }),
    });
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py={6}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <MemberAvatar name={client.member.name} avatarUrl={client.member.avatar_url} size={32} />
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {client.member.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`list.since.${client.status}`, {
              date: date(client.ended_at ?? client.invited_at, { dateStyle: 'medium' }),
            })}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">
        <Badge variant="light" color={statusColors[client.status]}>
          {t(`status.${client.status}`)}
        </Badge>
        {client.status === 'invited' && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={withdraw}
            loading={end.isPending}
            aria-label={t('list.withdrawLabel', { name: client.member.name })}
          >
            {t('list.withdraw')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** `/coach`: the coach's clients with adherence and last logs, invitations, inviting a member. */
export function CoachPage() {
  const { t } = useTranslation('coaching');
  const [inviteOpened, invite] = useDisclosure(false);
  const list = useCoachClients();
  const items = list.data?.items ?? [];
  const active = items.filter((c) => c.status === 'active');
  const invited = items.filter((c) => c.status === 'invited');
  const past = items.filter((c) => c.status === 'declined' || c.status === 'ended');

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={invite.open}
          size="md"
        >
          {t('page.invite')}
        </Button>
      </Group>

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton h={180} />
          <Skeleton h={180} />
        </SimpleGrid>
      ) : list.isError ? (
        <LoadErrorAlert
          title={t('page.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="coach-active">
            <Title order={2} size="h3" id="coach-active">
              {t('page.active', { count: active.length })}
            </Title>
            {active.length === 0 ? (
              <Card withBorder padding="xl">
                <Stack align="flex-start" gap="sm">
                  <Text fw={600}>{t('page.emptyTitle')}</Text>
                  <Text c="dimmed">{t('page.empty')}</Text>
                  <Button variant="light" onClick={invite.open}>
                    {t('page.invite')}
                  </Button>
                </Stack>
              </Card>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {active.map((c) => (
                  <ActiveClientCard key={c.id} client={c} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          {invited.length > 0 && (
            <Card withBorder padding="lg" component="section" aria-labelledby="coach-invited">
              <Title order={2} size="h4" id="coach-invited" mb="xs">
                {t('page.invited', { count: invited.length })}
              </Title>
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {invited.map((c) => (
                  <OtherClientRow key={c.id} client={c} />
                ))}
              </Stack>
            </Card>
          )}
          {past.length > 0 && (
            <Card withBorder padding="lg" component="section" aria-labelledby="coach-past">
              <Title order={2} size="h4" id="coach-past" mb="xs">
                {t('page.past')}
              </Title>
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {past.map((c) => (
                  <OtherClientRow key={c.id} client={c} />
                ))}
              </Stack>
            </Card>
          )}
        </>
      )}

      <InviteClientModal
        opened={inviteOpened}
        onClose={invite.close}
        onInvited={(client) =>
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t('invite.sentTitle'),
            message: t('invite.sent', { name: client.member.name }),
          })
        }
      />
    </Stack>
  );
}
