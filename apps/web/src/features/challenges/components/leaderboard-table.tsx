import { Badge, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { useLeaderboard } from '../api/get-leaderboard';
import { loadFailed } from '../../../lib/query-state';

const FINISHED_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};

export interface LeaderboardTableProps {
  challengeId: number;
  /** The signed-in member, whose row is marked. */
  viewerId: number;
}

/** The board: most requirements done, then who finished first. Kept current over /cable. */
export function LeaderboardTable({ challengeId, viewerId }: LeaderboardTableProps) {
  const { t } = useTranslation('challenges');
  const format = useFormat();
  const board = useLeaderboard(challengeId);

  if (board.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('board.loading')} gap="xs">
        <Skeleton h={28} />
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  }
  if (loadFailed(board)) {
    return (
      <LoadErrorAlert
        title={t('board.loadError')}
        error={board.error}
        onRetry={() => void board.refetch()}
      />
    );
  }
  const { entries, participant_count: total, requirement_count: requirements } = board.data;
  if (entries.length === 0) return <Text c="dimmed">{t('board.empty')}</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <caption>
            <VisuallyHidden>{t('board.caption')}</VisuallyHidden>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('board.rank')}</Table.Th>
              <Table.Th scope="col">{t('board.member')}</Table.Th>
              <Table.Th scope="col">{t('board.done')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.member.id} fw={e.member.id === viewerId ? 700 : undefined}>
                <Table.Td>{format.number(e.rank)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw="inherit">
                      {e.member.id === viewerId
                        ? t('board.you', { name: e.member.name })
                        : e.member.name}
                    </Text>
                    {e.finished_at && (
                      <Text size="xs" c="dimmed">
                        {t('board.finished', {
                          date: format.date(new Date(e.finished_at), FINISHED_FORMAT),
                        })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm" fw="inherit">
                      {t('board.doneValue', { done: e.completed, total: requirements })}
                    </Text>
                    {e.prize_awarded && (
                      <Badge
                        color="yellow"
                        variant="light"
                        leftSection={<IconTrophy size={12} aria-hidden />}
                      >
                        {t('board.prize')}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > entries.length && (
        <Text size="sm" c="dimmed">
          {t('board.more', { count: total - entries.length })}
        </Text>
      )}
    </Stack>
  );
}
