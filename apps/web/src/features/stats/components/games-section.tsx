import { LineChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBallBasketball,
  IconCheck,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  gameStatFields,
  sportStats,
  type GameChartPoint,
  type GameSport,
  type GameStat,
  type GameStatField,
  type GameStatsPage,
} from '@fitcoach/shared/game-stats';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useGameStatsUpdates } from '../api/game-stats-channel';
import { useGameStats } from '../api/get-game-stats';
import { useCreateGameStat, useDeleteGameStat } from '../api/save-game-stat';
import { formatDay, formatStatNumber } from '../utils/format-stats';
import { inputOfGame } from '../utils/game-form';
import { GameStatModal } from './game-stat-modal';

const CHART_HEIGHT = 240;
const STAT_COLORS: Record<GameStatField, string> = {
  points: 'brand.6',
  rebounds: 'blue.6',
  assists: 'orange.6',
  kills: 'grape.6',
  aces: 'cyan.6',
  digs: 'teal.6',
  game_errors: 'red.6',
};

/** The stats worth a tile: those of every sport the member played, in the form's order. */
export function statsOfSports(sports: readonly GameSport[]): GameStatField[] {
  const wanted = new Set(sports.flatMap((s) => sportStats[s]));
  return gameStatFields.filter((f) => wanted.has(f) || (f === 'points' && wanted.size === 0));
}

function Totals({ page }: { page: GameStatsPage }) {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  const [span, setSpan] = useState<'season' | 'all'>('season');
  const totals = span === 'season' ? page.season : page.all_time;
  const fields = statsOfSports(page.sports);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text fw={600} id="game-totals-label">
          {t('games.games', { count: totals.games })}
        </Text>
        <SegmentedControl
          aria-label={t('games.span.label')}
          value={span}
          onChange={(v) => setSpan(v)}
          data={[
            { value: 'season', label: t('games.span.season', { year: page.season.year }) },
            { value: 'all', label: t('games.span.allTime') },
          ]}
        />
      </Group>
      <SimpleGrid
        cols={{ base: 2, xs: 3, sm: Math.min(fields.length, 5) }}
        spacing="sm"
        component="dl"
        m={0}
      >
        {fields.map((field) => (
          <Paper withBorder p="sm" radius="md" key={field}>
            <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.2}>
              {t(`games.stats.${field}`)}
            </Text>
            <Box component="dd" m={0}>
              <Text fw={800} fz={24} lh={1.2} mt={6}>
                {formatStatNumber(locale, totals.totals[field])}
              </Text>
              <Text size="xs" c="dimmed">
                {t('games.perGame', {
                  value: formatStatNumber(locale, totals.averages[field]),
                })}
              </Text>
            </Box>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GamesChart({ chart, sports }: { chart: GameChartPoint[]; sports: GameSport[] }) {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  const [chosen, setChosen] = useState<GameSport | null>(null);
  const sport = chosen && sports.includes(chosen) ? chosen : (sports[0] ?? 'other');
  const games = chart.filter((g) => g.sport === sport);
  const fields = sportStats[sport];
  const sportName = t(`games.sports.${sport}`);
  // One point per game (two on a day are two points), labelled by its day.
  const dayOf = (g: GameChartPoint) => formatDay(locale, g.game_date).replace(/,? \d{4}$/, '');
  const labels = new Map(games.map((g) => [String(g.id), dayOf(g)]));
  const rows = games.map((g) => ({
    game: String(g.id),
    ...Object.fromEntries(fields.map((f) => [f, g[f]])),
  }));
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h5">
          {t('games.chart.title')}
        </Title>
        {sports.length > 1 && (
          <SegmentedControl
            aria-label={t('games.chart.sport')}
            size="xs"
            value={sport}
            onChange={(v) => setChosen(v)}
            data={sports.map((s) => ({ value: s, label: t(`games.sports.${s}`) }))}
          />
        )}
      </Group>
      {games.length < 2 ? (
        <Text size="sm" c="dimmed">
          {t('games.chart.fewGames', { sport: sportName.toLowerCase() })}
        </Text>
      ) : (
        <Box
          role="img"
          aria-label={t('games.chart.label', {
            sport: sportName,
            stats: fields.map((f) => t(`games.stats.${f}`)).join(', '),
            count: games.length,
          })}
        >
          <LineChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="game"
            xAxisProps={{
              padding: { left: 12, right: 24 },
              tickFormatter: (id: string) => labels.get(id) ?? '',
            }}
            tooltipProps={{
              labelFormatter: (id) => {
                const g = games.find((x) => String(x.id) === id);
                return g ? `${dayOf(g)} · ${t('games.list.vs', { name: g.vs_name })}` : '';
              },
            }}
            series={fields.map((f) => ({
              name: f,
              label: t(`games.stats.${f}`),
              color: STAT_COLORS[f],
            }))}
            yAxisProps={{ allowDecimals: false, width: 36 }}
            withLegend
            curveType="linear"
            tickLine="none"
          />
        </Box>
      )}
    </Stack>
  );
}

function GameCard({
  game,
  deleting,
  onEdit,
  onDelete,
}: {
  game: GameStat;
  deleting: boolean;
  onEdit: (game: GameStat) => void;
  onDelete: (game: GameStat) => void;
}) {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  // The sport's own stats always; another one only when something was recorded for it.
  const shown = gameStatFields.filter((f) => sportStats[game.sport].includes(f) || game[f] > 0);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={t('games.history.entry', { name: game.vs_name })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Box miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {t('games.list.vs', { name: game.vs_name })}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {t(`games.sports.${game.sport}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDay(locale, game.game_date)}
          </Text>
        </Box>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('games.list.edit', { name: game.vs_name })} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('games.list.edit', { name: game.vs_name })}
              onClick={() => onEdit(game)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('games.list.delete', { name: game.vs_name })} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('games.list.delete', { name: game.vs_name })}
              loading={deleting}
              onClick={() => onDelete(game)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="lg" mt="sm" component="dl" m={0} wrap="wrap">
        {shown.map((f) => (
          <Box key={f} mt="sm">
            <Text component="dt" size="xs" c="dimmed">
              {t(`games.stats.${f}`)}
            </Text>
            <Text component="dd" m={0} fw={700}>
              {formatStatNumber(locale, game[f])}
            </Text>
          </Box>
        ))}
      </Group>
      {game.notes && (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <VisuallyHidden>{t('games.list.notes')}: </VisuallyHidden>
          {game.notes}
        </Text>
      )}
    </Card>
  );
}

function GamesSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={76} />
        ))}
      </SimpleGrid>
      <Skeleton h={CHART_HEIGHT} />
      <Skeleton h={96} />
    </Stack>
  );
}

function GamesEmpty({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('stats');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconBallBasketball size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('games.empty.title')}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {t('games.empty.body')}
        </Text>
        <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={onAdd} size="md">
          {t('games.addFirst')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The member's games: totals and averages (this season or all time), a chart of points and
 * the sport's own stats over time, and the list with edit and delete. Records and edits in the
 * personal stats modal; other tabs' changes arrive live.
 */
export function GamesSection() {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  const query = useGameStats();
  const remove = useDeleteGameStat();
  const restore = useCreateGameStat();
  // The game stays while the modal closes, so its title does not change under the animation.
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<GameStat | null>(null);
  const edit = (game: GameStat | null) => {
    setEditing(game);
    setOpened(true);
  };
  useGameStatsUpdates();

  const first = query.data?.pages[0];
  const games = query.data?.pages.flatMap((p) => p.items) ?? [];
  const openNew = () => edit(null);

  const confirmDelete = (game: GameStat) => {
    modals.openConfirmModal({
      title: t('games.delete.title'),
      centered: true,
      children: (
        <Text size="sm">
          {t('games.delete.body', { name: game.vs_name, date: formatDay(locale, game.game_date) })}
        </Text>
      ),
      labels: { confirm: t('games.delete.confirm'), cancel: t('games.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutateAsync(game.id).then(
          () => {
            const id = notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              title: t('games.delete.done'),
              autoClose: 8000,
              message: (
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm">{t('games.delete.doneMessage', { name: game.vs_name })}</Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => {
                      notifications.hide(id);
                      restore.mutate(inputOfGame(game), {
                        onSuccess: () =>
                          notifications.show({
                            color: 'teal',
                            icon: <IconCheck size={18} />,
                            message: t('games.delete.restored'),
                          }),
                      });
                    }}
                  >
                    {t('games.delete.undo')}
                  </Button>
                </Group>
              ),
            });
          },
          (err: unknown) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('games.delete.failed'),
              message: errorMessage(err),
            }),
        );
      },
    });
  };

  let body;
  if (query.isPending) {
    body = <GamesSkeleton />;
  } else if (query.isError && !first) {
    body = (
      <LoadErrorAlert
        title={t('games.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!first || games.length === 0) {
    body = <GamesEmpty onAdd={openNew} />;
  } else {
    body = (
      <Stack gap="lg">
        <Totals page={first} />
        <GamesChart chart={first.chart} sports={first.sports} />
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('games.list.title')}
          </Title>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {games.map((game) => (
              <li key={game.id}>
                <GameCard
                  game={game}
                  deleting={remove.isPending && remove.variables === game.id}
                  onEdit={edit}
                  onDelete={confirmDelete}
                />
              </li>
            ))}
          </Stack>
          {query.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                {query.isFetchNextPageError ? t('games.tryAgain') : t('games.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="games-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h3" id="games-title">
            {t('games.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('games.intro')}
          </Text>
        </Stack>
        {games.length > 0 && (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={openNew} size="md">
            {t('games.add')}
          </Button>
        )}
      </Group>
      {body}
      <GameStatModal opened={opened} game={editing} onClose={() => setOpened(false)} />
    </Stack>
  );
}
