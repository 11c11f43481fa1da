import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  countsOf,
  statLine,
  sumCounts,
  type TeamGame,
  type TeamStatLine,
} from '@fitcoach/shared/team-stats';
import { formatNumber, useFormat } from '../../../i18n/format';
import { FieldHeader } from './stats-sheet';
import classes from './stats-table.module.css';

/** The box score's columns, in order: what each shows of a stat line. */
export const lineColumns = [
  'pts',
  'reb',
  'ast',
  'stl',
  'blk',
  'tov',
  'pf',
  'fg',
  'fgPct',
  'three',
  'threePct',
  'ft',
  'ftPct',
  'efgPct',
  'tsPct',
] as const;
export type LineColumn = (typeof lineColumns)[number] | 'oreb' | 'dreb' | 'gp' | 'ppg';

/** "45.5%" in the shown language, "—" when nothing was attempted. */
export function formatPct(locale: string, value: number | null): string {
  if (value === null) return '—';
  return formatNumber(locale, value, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** One cell of a stat line. */
export function lineCell(locale: string, line: TeamStatLine, column: LineColumn): string {
  switch (column) {
    case 'pts':
      return String(line.points);
    case 'reb':
      return String(line.rebounds);
    case 'oreb':
      return String(line.offensive_rebounds);
    case 'dreb':
      return String(line.defensive_rebounds);
    case 'ast':
      return String(line.assists);
    case 'stl':
      return String(line.steals);
    case 'blk':
      return String(line.blocks);
    case 'tov':
      return String(line.turnovers);
    case 'pf':
      return String(line.personal_fouls);
    case 'fg':
      return `${line.field_goals_made}–${line.field_goals_attempted}`;
    case 'fgPct':
      return formatPct(locale, line.fg_pct);
    case 'three':
      return `${line.three_point_fg_made}–${line.three_point_fg_attempted}`;
    case 'threePct':
      return formatPct(locale, line.three_pct);
    case 'ft':
      return `${line.free_throws_made}–${line.free_throws_attempted}`;
    case 'ftPct':
      return formatPct(locale, line.ft_pct);
    case 'efgPct':
      return formatPct(locale, line.efg_pct);
    case 'tsPct':
      return formatPct(locale, line.ts_pct);
    case 'gp':
      return String(line.games);
    case 'ppg':
      return formatNumber(locale, line.points_per_game, { maximumFractionDigits: 1 });
  }
}

/** A column's header: its short name, the long one on hover and for screen readers. */
export function ColumnHeader({ column }: { column: LineColumn }) {
  const { t } = useTranslation('team-stats');
  return (
    <FieldHeader short={t(`boxScore.columns.${column}`)} long={t(`boxScore.long.${column}`)} />
  );
}

/**
 * A table of stat lines: one row per player (name column sticky on phones), the team's below.
 */
export function StatLinesTable({
  caption,
  columns,
  rows,
  team,
}: {
  caption: string;
  columns: readonly LineColumn[];
  rows: { key: number; name: string; line: TeamStatLine }[];
  team: TeamStatLine;
}) {
  const { t } = useTranslation('team-stats');
  const { locale } = useFormat();
  return (
    // Native scrolling, focusable: a keyboard user can scroll a table wider than a phone.
    <Table.ScrollContainer
      minWidth={columns.length * 58 + 150}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      {/* Not striped: the sticky name cell could not follow the row's colour. */}
      <Table verticalSpacing={6} horizontalSpacing="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky} miw={140}>
              {t('boxScore.columns.player')}
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c} ta="right">
                <ColumnHeader column={c} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" className={classes.sticky}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}
                </Text>
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c} ta="right" className={classes.numbers}>
                  {lineCell(locale, r.line, c)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" className={classes.sticky}>
              {t('boxScore.team')}
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c} ta="right" className={classes.numbers}>
                {lineCell(locale, team, c)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A game's box score: every row with its shooting splits, and the team's line. */
export function BoxScore({ game, caption }: { game: TeamGame; caption: string }) {
  const { t } = useTranslation('team-stats');
  if (game.rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('boxScore.empty')}
      </Text>
    );
  }
  const name = (r: TeamGame['rows'][number]) =>
    r.jersey_number === null ? r.player_name : `#${r.jersey_number} ${r.player_name}`;
  return (
    <StatLinesTable
      caption={caption}
      columns={lineColumns}
      rows={game.rows.map((r) => ({
        key: r.player_id,
        name: name(r),
        line: statLine(countsOf(r), 1),
      }))}
      team={statLine(sumCounts(game.rows.map(countsOf)), 1)}
    />
  );
}
