import { LineChart } from '@mantine/charts';
import { Box, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamGame, TeamStatsAnswer } from '@fitcoach/shared/team-stats';
import { formatDate, useFormat } from '../../../i18n/format';
import { StatLinesTable, type LineColumn } from './box-score';

const CHART_HEIGHT = 240;
const seasonColumns: readonly LineColumn[] = [
  'gp',
  'pts',
  'ppg',
  'reb',
  'ast',
  'fgPct',
  'threePct',
  'ftPct',
  'efgPct',
  'tsPct',
];
const series = [
  { name: 'points', color: 'brand.6' },
  { name: 'rebounds', color: 'blue.6' },
  { name: 'assists', color: 'orange.6' },
] as const;

/** One player's final games, oldest first, as the chart draws them. */
export function playerGames(games: readonly TeamGame[], playerId: number) {
  return games
    .filter((g) => g.status === 'final')
    .flatMap((g) => {
      const row = g.rows.find((r) => r.player_id === playerId);
      return row
        ? [
            {
              game: String(g.id),
              date: g.game_date,
              vs: g.vs_name,
              points: row.total_points,
              rebounds: row.offensive_rebounds + row.defensive_rebounds,
              assists: row.assists,
            },
          ]
        : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || Number(a.game) - Number(b.game));
}

function PlayerChart({ answer }: { answer: TeamStatsAnswer }) {
  const { t } = useTranslation('team-stats');
  const { locale } = useFormat();
  const players = answer.season.players;
  const [chosen, setChosen] = useState<string | null>(null);
  const current = players.find((p) => String(p.player_id) === chosen) ?? players[0];
  if (!current) return null;
  const points = playerGames(answer.games, current.player_id);
  const day = (date: string) => formatDate(locale, date, { month: 'short', day: 'numeric' });
  const labels = new Map(points.map((p) => [p.game, day(p.date)]));
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {t('season.chartTitle')}
      </Title>
      <Select
        label={t('season.player')}
        maw={320}
        allowDeselect={false}
        value={String(current.player_id)}
        onChange={setChosen}
        data={players.map((p) => ({
          value: String(p.player_id),
          label: p.jersey_number === null ? p.player_name : `#${p.jersey_number} ${p.player_name}`,
        }))}
      />
      {points.length < 2 ? (
        <Text size="sm" c="dimmed">
          {t('season.fewGames', { player: current.player_name })}
        </Text>
      ) : (
        <Box
          role="img"
          aria-label={t('season.chartLabel', {
            player: current.player_name,
            count: points.length,
          })}
        >
          <LineChart
            h={CHART_HEIGHT}
            data={points}
            dataKey="game"
            xAxisProps={{
              padding: { left: 12, right: 24 },
              tickFormatter: (id: string) => labels.get(id) ?? '',
            }}
            tooltipProps={{
              labelFormatter: (id) => {
                const p = points.find((x) => x.game === id);
                return p ? `${day(p.date)} · ${t('game.vs', { name: p.vs })}` : '';
              },
            }}
            series={series.map((s) => ({
              name: s.name,
              label: t(`season.series.${s.name}`),
              color: s.color,
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

/**
 * The season's totals per player over the final games (GP, points, rebounds, assists and the
 * shooting splits), the team's line below, and one player's season drawn game by game.
 */
export function SeasonTotals({ answer }: { answer: TeamStatsAnswer }) {
  const { t } = useTranslation('team-stats');
  const players = answer.season.players;
  return (
    <Stack gap="md" component="section" aria-labelledby="team-season-title">
      <Title order={3} size="h4" id="team-season-title">
        {t('season.title')}
      </Title>
      {players.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('season.empty')}
        </Text>
      ) : (
        <>
          <StatLinesTable
            caption={t('season.caption')}
            columns={seasonColumns}
            rows={players.map((p) => ({
              key: p.player_id,
              name:
                p.jersey_number === null ? p.player_name : `#${p.jersey_number} ${p.player_name}`,
              line: p,
            }))}
            team={answer.season.team}
          />
          <PlayerChart answer={answer} />
        </>
      )}
    </Stack>
  );
}
