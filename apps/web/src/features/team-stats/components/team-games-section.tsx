import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBallBasketball,
  IconCheck,
  IconEye,
  IconPencil,
  IconPlus,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scoresTeam, type TeamGame } from '@fitcoach/shared/team-stats';
import { managesTeam, type TeamMember, type TeamRole } from '@fitcoach/shared/teams';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDate, useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useTeamGame, useTeamStats } from '../api/get-team-stats';
import { useDeleteGame } from '../api/save-team-stats';
import { useTeamChannel } from '../api/team-channel';
import { BoxScore } from './box-score';
import { SeasonTotals } from './season-totals';
import { StatsSheetModal, type SheetTarget } from './stats-sheet-modal';
import classes from './stats-table.module.css';
import { loadFailed } from '../../../lib/query-state';

/** Games listed before "Show all": a few weeks of a season. */
const GAMES_SHOWN = 6;

function BoxScoreModal({
  teamId,
  gameId,
  onClose,
}: {
  teamId: number;
  gameId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['team-stats', 'common']);
  const { locale } = useFormat();
  const phone = useMediaQuery('(max-width: 36em)');
  const game = useTeamGame(teamId, gameId);
  const data = game.data;
  const title = data
    ? `${t('boxScore.title')} · ${t('game.vs', { name: data.vs_name || t('game.noOpponent') })}`
    : t('boxScore.title');
  return (
    <Modal
      opened={gameId !== null}
      onClose={onClose}
      title={title}
      size="100%"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
        content: { maxWidth: 1320, marginInline: 'auto' },
      }}
      closeButtonProps={{ 'aria-label': t('common:dialog.close') }}
    >
      {game.isPending && gameId !== null ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('boxScore.title')} />
        </Group>
      ) : !data ? (
        <LoadErrorAlert
          title={t('sheet.loadError')}
          error={game.error}
          onRetry={() => void game.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <Badge color={data.status === 'open' ? 'red' : 'gray'} variant="light">
              {data.status === 'open' ? t('game.live') : t('game.final')}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatDate(locale, data.game_date)}
            </Text>
            <Text fw={700} aria-live="polite">
              {t('game.points', { count: data.team_points })}
            </Text>
          </Group>
          {data.status === 'open' && (
            <Text size="sm" c="dimmed">
              {t('boxScore.liveNote')}
            </Text>
          )}
          <BoxScore
            game={data}
            caption={t('boxScore.caption', {
              name: data.vs_name || t('game.noOpponent'),
              date: formatDate(locale, data.game_date),
            })}
          />
        </Stack>
      )}
    </Modal>
  );
}

function GameCard({
  game,
  canScore,
  canDeleteFinal,
  deleting,
  onBoxScore,
  onSheet,
  onDelete,
}: {
  game: TeamGame;
  canScore: boolean;
  canDeleteFinal: boolean;
  deleting: boolean;
  onBoxScore: () => void;
  onSheet: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('team-stats');
  const { locale } = useFormat();
  const open = game.status === 'open';
  const name = game.vs_name || t('game.noOpponent');
  const date = formatDate(locale, game.game_date);
  const labelFor = (action: string) => t('game.actionsFor', { action, name, date });
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={t('game.vs', { name })}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {game.vs_name ? t('game.vs', { name: game.vs_name }) : t('game.noOpponent')}
            </Text>
            <Badge color={open ? 'red' : 'gray'} variant="light" size="sm">
              {open ? t('game.live') : t('game.final')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {date}
            {open && game.created_by ? ` · ${t('game.by', { name: game.created_by.name })}` : ''}
          </Text>
        </Stack>
        <Text fw={800} fz={22} lh={1.2}>
          {t('game.points', { count: game.team_points })}
        </Text>
      </Group>
      <Group gap="xs" mt="sm" wrap="wrap">
        <Button
          size="compact-md"
          variant="light"
          leftSection={<IconTable size={16} aria-hidden />}
          onClick={onBoxScore}
          aria-label={labelFor(open ? t('game.liveBoxScore') : t('game.boxScore'))}
        >
          {open ? t('game.liveBoxScore') : t('game.boxScore')}
        </Button>
        {!open && (
          <Button
            size="compact-md"
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={onSheet}
            aria-label={labelFor(t('game.details'))}
          >
            {t('game.details')}
          </Button>
        )}
        {open && canScore && (
          <Button
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onSheet}
            aria-label={labelFor(t('game.continue'))}
          >
            {t('game.continue')}
          </Button>
        )}
        {((open && canScore) || (!open && canDeleteFinal)) && (
          <Button
            size="compact-md"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            loading={deleting}
            aria-label={labelFor(open ? t('game.discard') : t('game.delete'))}
          >
            {open ? t('game.discard') : t('game.delete')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * The team page's "Games" section (issue 14, item 4): the team's basketball games, live ones
 * first, each with its box score; New game and the sheet for owners, coaches and scorers; the
 * season's totals and a chart per player. Every member follows the games live (TeamChannel).
 */
export function TeamGamesSection({
  teamId,
  role,
  members,
}: {
  teamId: number;
  role: TeamRole;
  members: readonly TeamMember[];
}) {
  const { t } = useTranslation('team-stats');
  const canScore = scoresTeam(role);
  const query = useTeamStats(teamId);
  const remove = useDeleteGame(teamId);
  const [sheet, setSheet] = useState<SheetTarget | null>(null);
  const [boxScore, setBoxScore] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  useTeamChannel(teamId);

  const confirmDelete = (game: TeamGame) => {
    const open = game.status === 'open';
    const name = game.vs_name || t('game.noOpponent');
    modals.openConfirmModal({
      title: open ? t('game.discardTitle') : t('game.deleteTitle'),
      centered: true,
      children: (
        <Text size="sm">
          {open ? t('game.discardBody', { name }) : t('game.deleteBody', { name })}
        </Text>
      ),
      labels: { confirm: open ? t('game.discard') : t('game.delete'), cancel: t('game.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(game.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: t('game.deleted'),
            }),
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('game.deleteFailed'),
              message: errorMessage(err),
            }),
        }),
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton h={96} />
        <Skeleton h={96} />
      </Stack>
    );
  } else if (loadFailed(query)) {
    body = (
      <LoadErrorAlert
        title={t('section.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.games.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBallBasketball size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('section.emptyTitle')}</Text>
          <Text size="sm" c="dimmed" maw={460}>
            {canScore ? t('section.emptyScorer') : t('section.emptyReader')}
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    const answer = query.data;
    // Live games come first; a long season shows its latest games until asked for all.
    const shown = showAll ? answer.games : answer.games.slice(0, GAMES_SHOWN);
    body = (
      <Stack gap="lg">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((game) => (
            <li key={game.id}>
              <GameCard
                game={game}
                canScore={canScore}
                canDeleteFinal={managesTeam(role)}
                deleting={remove.isPending && remove.variables === game.id}
                onBoxScore={() => setBoxScore(game.id)}
                onSheet={() =>
                  setSheet({ kind: 'game', gameId: game.id, final: game.status === 'final' })
                }
                onDelete={() => confirmDelete(game)}
              />
            </li>
          ))}
        </Stack>
        {shown.length < answer.games.length && (
          <Group justify="center">
            <Button variant="default" onClick={() => setShowAll(true)}>
              {t('section.showAll', { count: answer.games.length })}
            </Button>
          </Group>
        )}
        <SeasonTotals answer={answer} />
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="team-games-title"
      className={classes.cardSurface}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h3" id="team-games-title">
              {t('section.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('section.intro')}
            </Text>
          </Stack>
          {canScore && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setSheet({ kind: 'new' })}
            >
              {t('section.newGame')}
            </Button>
          )}
        </Group>
        {body}
      </Stack>
      <StatsSheetModal
        teamId={teamId}
        members={members}
        canScore={canScore}
        target={sheet}
        onClose={() => setSheet(null)}
      />
      <BoxScoreModal teamId={teamId} gameId={boxScore} onClose={() => setBoxScore(null)} />
    </Card>
  );
}
