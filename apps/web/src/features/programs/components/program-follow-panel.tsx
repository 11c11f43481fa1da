import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDoorExit, IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import type { ProgramDetail } from '@fitcoach/shared/programs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { localDate } from '../../../lib/local-date';
import { useFollowProgram } from '../api/follow-program';

/** A date string (YYYY-MM-DD) at local noon, so its day does not shift with the time zone. */
const atNoon = (date: string) => new Date(`${date}T12:00:00`);

/**
 * Following a program: start it on a date (other programs pause unless the member keeps them
 * running), then its progress and adherence per week, with pause, resume, restart and leave.
 */
export function ProgramFollowPanel({ program }: { program: ProgramDetail }) {
  const { t } = useTranslation('programs');
  const format = useFormat();
  const follow = useFollowProgram(program.id);
  const [startDate, setStartDate] = useState(localDate());
  const [keepOthers, setKeepOthers] = useState(false);
  const f = program.follow;
  const day = (date: string) => format.date(atNoon(date), { day: 'numeric', month: 'short' });

  const start = () =>
    follow.mutate({
      action: 'start',
      input: { start_date: startDate, ...(keepOthers ? { keep_others: true } : {}) },
    });
  const confirm = (action: 'leave' | 'restart') =>
    modals.openConfirmModal({
      title: t(`follow.${action}Title`),
      centered: true,
      children: <Text size="sm">{t(`follow.${action}Body`, { title: program.title })}</Text>,
      labels: { confirm: t(`follow.${action}`), cancel: t('follow.cancel') },
      confirmProps: action === 'leave' ? { color: 'red' } : {},
      onConfirm: () =>
        follow.mutate(
          action === 'leave'
            ? { action: 'leave' }
            : { action: 'start', input: { start_date: localDate() } },
        ),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="program-follow">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="program-follow">
            {t('follow.title')}
          </Title>
          {f && (
            <Badge color={f.status === 'paused' ? 'yellow' : f.finished ? 'gray' : 'teal'}>
              {t(f.finished ? 'follow.finished' : `follow.status.${f.status}`)}
            </Badge>
          )}
        </Group>
        {!f ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('follow.intro')}
            </Text>
            <Group align="end" gap="sm">
              <TextInput
                type="date"
                label={t('follow.startDate')}
                value={startDate}
                min={localDate()}
                onChange={(e) => setStartDate(e.currentTarget.value)}
              />
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                loading={follow.isPending}
                onClick={start}
              >
                {t('follow.start')}
              </Button>
            </Group>
            <Checkbox
              label={t('follow.keepOthers')}
              description={t('follow.keepOthersHint')}
              checked={keepOthers}
              onChange={(e) => setKeepOthers(e.currentTarget.checked)}
            />
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              {f.status === 'paused' && f.paused_on
                ? t('follow.pausedSince', { date: day(f.paused_on) })
                : t('follow.dates', { start: day(f.starts_on), end: day(f.ends_on) })}
            </Text>
            <Progress
              value={f.progress}
              aria-label={t('follow.progress', { percent: f.progress })}
              size="lg"
            />
            <Text size="sm" c="dimmed">
              {t('follow.progress', { percent: f.progress })}
            </Text>
            <Table.ScrollContainer minWidth={320}>
              <Table striped withTableBorder>
                <Table.Caption>{t('follow.adherenceCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('follow.column.week')}</Table.Th>
                    <Table.Th scope="col">{t('follow.column.done')}</Table.Th>
                    <Table.Th scope="col">{t('follow.column.missed')}</Table.Th>
                    <Table.Th scope="col">{t('follow.column.adherence')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {f.weeks.map((w) => (
                    <Table.Tr key={w.week}>
                      <Table.Th scope="row">{t('detail.week', { week: w.week })}</Table.Th>
                      <Table.Td>
                        {t('follow.doneOf', { done: w.done, planned: w.planned })}
                      </Table.Td>
                      <Table.Td>{format.number(w.missed)}</Table.Td>
                      <Table.Td>
                        {w.adherence === null
                          ? t('follow.notDue')
                          : format.number(w.adherence / 100, { style: 'percent' })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="xs">
              {f.status === 'active' ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} aria-hidden />}
                  loading={follow.isPending}
                  onClick={() => follow.mutate({ action: 'pause' })}
                >
                  {t('follow.pause')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  loading={follow.isPending}
                  onClick={() => follow.mutate({ action: 'resume' })}
                >
                  {t('follow.resume')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => confirm('restart')}
              >
                {t('follow.restart')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconDoorExit size={16} aria-hidden />}
                onClick={() => confirm('leave')}
              >
                {t('follow.leave')}
              </Button>
            </Group>
          </Stack>
        )}
        {follow.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(follow.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
