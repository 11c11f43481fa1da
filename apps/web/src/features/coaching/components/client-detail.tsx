import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Alert,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBolt,
  IconCalendarPlus,
  IconCheck,
  IconMoon,
} from '@tabler/icons-react';
import type { CoachClientDetail } from '@fitcoach/shared/coaching';
import type { ProgramSummary } from '@fitcoach/shared/programs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { PageLoadProblem } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { localDate } from '../../../lib/local-date';
import { useAssignProgram, useEndCoaching } from '../api/coach-actions';
import { useCoachClient } from '../api/get-clients';
import { coachingKeys } from '../api/keys';
import { searchAssignablePrograms } from '../api/search';
import { AdherenceBar } from './adherence';
import { LogCommentThread } from './log-comment-thread';
import { MemberAvatar } from '../../../components/member-avatar';
import { loadFailed } from '../../../lib/query-state';

function AssignProgramForm({ client }: { client: CoachClientDetail }) {
  const { t } = useTranslation('coaching');
  const [chosen, setChosen] = useState<ProgramSummary[]>([]);
  const [startDate, setStartDate] = useState(localDate());
  const assign = useAssignProgram(client.id);
  const program = chosen[0];
  const fields = apiFieldErrors(assign.error);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!program) return;
    assign.mutate(
      { program_id: program.id, ...(startDate ? { start_date: startDate } : {}) },
      {
        onSuccess: () => {
          setChosen([]);
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t('assign.doneTitle'),
            message: t('assign.done', { title: program.title, name: client.member.name }),
          });
        },
      },
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="assign-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="assign-title">
            {t('assign.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('assign.intro')}
          </Text>
          <EnhancedSelect<ProgramSummary>
            label={t('assign.program')}
            placeholder={t('assign.placeholder')}
            queryKey={coachingKeys.programSearch()}
            fetcher={searchAssignablePrograms}
            getValue={(p) => String(p.id)}
            getLabel={(p) => p.title}
            value={chosen}
            onChange={(items) => {
              setChosen(items);
              assign.reset();
            }}
            error={fields.program_id}
            renderOption={(p) => (
              <Stack gap={0}>
                <Text size="sm">{p.title}</Text>
                <Text size="xs" c="dimmed">
                  {t(p.is_mine ? 'assign.mine' : 'assign.library', {
                    weeks: p.weeks,
                    count: p.weeks,
                  })}
                </Text>
              </Stack>
            )}
          />
          <TextInput
            type="date"
            label={t('assign.startDate')}
            value={startDate}
            min={localDate()}
            onChange={(event) => setStartDate(event.currentTarget.value)}
            error={fields.start_date}
            maw={220}
          />
          {assign.isError && !fields.program_id && !fields.start_date && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(assign.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!program}
              loading={assign.isPending}
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
            >
              {t('assign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ProgramSection({ client }: { client: CoachClientDetail }) {
  const { t } = useTranslation('coaching');
  const { date } = useFormat();
  const program = client.program;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="program-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="program-title">
          {t('client.program')}
        </Title>
        {!program ? (
          <Text c="dimmed">{t('client.noProgram')}</Text>
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{program.title}</Text>
              {program.assigned_by_me && (
                <Badge variant="light" color="violet">
                  {t('client.assignedByYou')}
                </Badge>
              )}
              {program.follow.status === 'paused' && (
                <Badge variant="light" color="gray">
                  {t('client.paused')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('client.dates', {
                start: date(program.follow.starts_on, { dateStyle: 'medium' }),
                end: date(program.follow.ends_on, { dateStyle: 'medium' }),
              })}
            </Text>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('client.overall')}
              </Text>
              <AdherenceBar value={program.follow.progress} label={t('client.overall')} neutral />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('client.adherence')}
              </Text>
              {client.adherence === null ? (
                <Text size="sm" c="dimmed">
                  {t('client.nothingDue')}
                </Text>
              ) : (
                <AdherenceBar value={client.adherence} />
              )}
            </Stack>
            <Table.ScrollContainer minWidth={320}>
              <Table striped withTableBorder verticalSpacing={6}>
                <Table.Caption>{t('client.weeklyCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('client.week')}</Table.Th>
                    <Table.Th scope="col">{t('client.done')}</Table.Th>
                    <Table.Th scope="col">{t('client.missed')}</Table.Th>
                    <Table.Th scope="col">{t('client.adherence')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {program.follow.weeks.map((w) => (
                    <Table.Tr key={w.week}>
                      <Table.Th scope="row" fw={500}>
                        {t('client.weekN', { week: w.week })}
                      </Table.Th>
                      <Table.Td>
                        {t('client.doneOf', { done: w.done, planned: w.planned })}
                      </Table.Td>
                      <Table.Td>{w.missed}</Table.Td>
                      <Table.Td>{w.adherence === null ? '—' : `${w.adherence}%`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}

function RecentLogs({ client }: { client: CoachClientDetail }) {
  const { t } = useTranslation('coaching');
  const { date, duration } = useFormat();
  return (
    <Stack gap="sm" component="section" aria-labelledby="logs-title">
      <Title order={2} size="h3" id="logs-title">
        {t('client.logs')}
      </Title>
      {client.recent_logs.length === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed">{t('client.noLogs', { name: client.member.name })}</Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {client.recent_logs.map((log) => (
            <Card component="li" withBorder padding="lg" key={log.id}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {log.title}
                  </Title>
                  <Text size="sm" c="dimmed" component="time" dateTime={log.performed_on}>
                    {date(log.performed_on, { dateStyle: 'medium' })}
                  </Text>
                </Group>
                <Group gap="md" wrap="wrap">
                  {log.duration_seconds !== null && (
                    <Text size="sm">{duration(log.duration_seconds)}</Text>
                  )}
                  <Group gap={4} wrap="nowrap">
                    <IconBolt size={16} aria-hidden color="var(--mantine-color-yellow-6)" />
                    <Text size="sm">{t('client.energy', { value: log.energy_level })}</Text>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <IconMoon size={16} aria-hidden color="var(--mantine-color-indigo-4)" />
                    <Text size="sm">{t('client.sleep', { value: log.sleep_quality })}</Text>
                  </Group>
                  {log.liked_or_disliked && (
                    <Badge
                      variant="light"
                      color={log.liked_or_disliked === 'liked' ? 'teal' : 'orange'}
                    >
                      {t(`client.${log.liked_or_disliked}`)}
                    </Badge>
                  )}
                </Group>
                {log.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {log.note}
                  </Text>
                )}
                <LogCommentThread
                  logId={log.id}
                  logTitle={log.title}
                  comments={log.comments}
                  canWrite
                  collapsedWhenEmpty
                  writer="coach"
                />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** `/coach/clients/:id`: one active client's program, weekly adherence, logs and comments. */
export function ClientDetail({ linkId }: { linkId: number }) {
  const { t } = useTranslation(['coaching', 'common']);
  const navigate = useNavigate();
  const { date } = useFormat();
  const detail = useCoachClient(linkId);
  const end = useEndCoaching();

  const back = (
    <Anchor component={Link} to={paths.coach.href()} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('client.back')}
      </Group>
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <Stack gap="md" maw={960} aria-busy="true" aria-label={t('client.loading')}>
        {back}
        <Skeleton h={36} w="50%" />
        <Skeleton h={200} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (loadFailed(detail)) {
    return (
      <Stack gap="md" maw={960}>
        {back}
        <PageLoadProblem
          heading={t('client.unavailableTitle')}
          goneText={t('client.unavailable')}
          title={t('client.loadError')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </Stack>
    );
  }
  const client = detail.data;

  const confirmEnd = () =>
    modals.openConfirmModal({
      title: t('end.title'),
      centered: true,
      children: <Text size="sm">{t('end.coachBody', { name: client.member.name })}</Text>,
      labels: { confirm: t('end.confirm'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(client.id, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: t('end.doneTitle'),
              message: t('end.done', { name: client.member.name }),
            });
            void navigate(paths.coach.href());
          },
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('end.failed'),
              message: errorMessage(err),
            }),
        }),
    });

  return (
    <Stack gap="lg" maw={960}>
      {back}
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <MemberAvatar name={client.member.name} avatarUrl={client.member.avatar_url} size={48} />
          <Stack gap={0} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {client.member.name}
            </Title>
            <Text size="sm" c="dimmed">
              {client.last_log_on
                ? t('list.lastLog', {
                    date: date(client.last_log_on, { dateStyle: 'medium' }),
                  })
                : t('list.noLogs')}
            </Text>
          </Stack>
        </Group>
        <Button variant="default" color="red" onClick={confirmEnd} loading={end.isPending}>
          {t('end.action')}
        </Button>
      </Group>
      <ProgramSection client={client} />
      <AssignProgramForm client={client} />
      <RecentLogs client={client} />
    </Stack>
  );
}
