import { BarChart, LineChart } from '@mantine/charts';
import {
  Box,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarStats, IconChartBar, IconBolt, IconTrendingUp } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { RATING_MAX, type ChartData } from '@fitcoach/shared/workout-logs';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useChartData } from '../api/get-chart-data';
import {
  exerciseSeriesKey,
  hasOneRepMaxTrend,
  pivotOneRepMax,
  weeklySessionTotal,
  activeWeeks,
} from '../utils/chart-rows';
import { formatLongDay, formatNumber, formatShortDay } from '../utils/format-log';
import classes from './workout-charts.module.css';

const CHART_HEIGHT = 260;
const SERIES_COLORS = ['brand.6', 'blue.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6'] as const;

const tabs = ['volume', 'one-rep-max', 'frequency', 'wellbeing'] as const;
type ChartTab = (typeof tabs)[number];
const isChartTab = (value: string | null): value is ChartTab => tabs.includes(value as ChartTab);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Axis numbers stay short on a phone: 12,500 reads as 12.5k. */
function compactNumber(value: number): string {
  return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 });
}

function ChartEmpty({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="xs" py="xl" mih={CHART_HEIGHT} justify="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={380}>
        {children}
      </Text>
    </Stack>
  );
}

/** The chart's numbers as a table for screen readers, which cannot read the drawing. */
function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

function Summary({ items }: { items: { label: string; value: string }[] }) {
  return (
    <Group gap="xl" wrap="wrap" mb="md">
      {items.map((item) => (
        <Box key={item.label}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} size="lg">
            {item.value}
          </Text>
        </Box>
      ))}
    </Group>
  );
}

function VolumePanel({ data }: { data: ChartData }) {
  const unit = data.weight_unit;
  // Sessions without weighted sets (a run, a class) have no volume to compare.
  const sessions = data.volume.filter((v) => v.volume > 0);
  if (sessions.length === 0) {
    return (
      <ChartEmpty icon={<IconChartBar size={26} />} title="No volume yet">
        Log a workout with weighted sets to see how much you move each session (reps × weight).
      </ChartEmpty>
    );
  }
  const rows = sessions.map((s) => ({ day: formatShortDay(s.date), volume: s.volume }));
  const latest = sessions[sessions.length - 1]!;
  const best = Math.max(...sessions.map((s) => s.volume));
  return (
    <>
      <Summary
        items={[
          {
            label: `Latest (${formatShortDay(latest.date)})`,
            value: `${formatNumber(latest.volume)} ${unit}`,
          },
          { label: 'Best session', value: `${formatNumber(best)} ${unit}` },
        ]}
      />
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="day"
        series={[{ name: 'volume', label: `Volume (${unit})`, color: 'brand.6' }]}
        valueFormatter={(v) => `${formatNumber(v)} ${unit}`}
        yAxisProps={{ tickFormatter: compactNumber, width: 58 }}
        yAxisLabel={unit}
        maxBarWidth={36}
        tickLine="none"
      />
      <ChartTable
        caption={`Volume per session in ${unit}`}
        columns={['Date', `Volume (${unit})`]}
        rows={sessions.map((s) => [formatLongDay(s.date), formatNumber(s.volume)])}
      />
    </>
  );
}

function OneRepMaxPanel({ data }: { data: ChartData }) {
  const unit = data.weight_unit;
  if (!hasOneRepMaxTrend(data.one_rep_max)) {
    return (
      <ChartEmpty icon={<IconTrendingUp size={26} />} title="No trend yet">
        Log a weighted exercise twice to see your estimated one-rep max trend.
      </ChartEmpty>
    );
  }
  const rows = pivotOneRepMax(data.one_rep_max).map((row) => ({
    ...row,
    day: formatShortDay(row.date),
  }));
  const best = data.one_rep_max.points.reduce((a, b) => (b.value > a.value ? b : a));
  const bestName = data.one_rep_max.exercises.find((e) => e.exercise_id === best.exercise_id)?.name;
  return (
    <>
      <Summary
        items={[
          {
            label: `Best estimate${bestName ? ` · ${bestName}` : ''}`,
            value: `${formatNumber(best.value)} ${unit}`,
          },
        ]}
      />
      <LineChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="day"
        series={data.one_rep_max.exercises.map((e, i) => ({
          name: exerciseSeriesKey(e.exercise_id),
          label: e.name,
          color: SERIES_COLORS[i % SERIES_COLORS.length],
        }))}
        valueFormatter={(v) => `${formatNumber(v)} ${unit}`}
        yAxisProps={{ tickFormatter: compactNumber, width: 58, domain: ['auto', 'auto'] }}
        yAxisLabel={unit}
        withLegend
        curveType="linear"
        connectNulls
        tickLine="none"
      />
      <Text size="xs" c="dimmed" mt="sm">
        Estimated with the Epley formula from your best set each day.
      </Text>
      <ChartTable
        caption={`Estimated one-rep max in ${unit}`}
        columns={['Date', ...data.one_rep_max.exercises.map((e) => e.name)]}
        rows={pivotOneRepMax(data.one_rep_max).map((row) => [
          formatLongDay(row.date),
          ...data.one_rep_max.exercises.map((e) => {
            const v = row[exerciseSeriesKey(e.exercise_id)];
            return typeof v === 'number' ? formatNumber(v) : '—';
          }),
        ])}
      />
    </>
  );
}

function FrequencyPanel({ data }: { data: ChartData }) {
  const total = weeklySessionTotal(data.sessions_per_week);
  if (total === 0) {
    return (
      <ChartEmpty icon={<IconCalendarStats size={26} />} title="No sessions in the last 26 weeks">
        Log a workout to see how many sessions you fit into each week.
      </ChartEmpty>
    );
  }
  const weeks = activeWeeks(data.sessions_per_week);
  const thisWeek = weeks[weeks.length - 1]?.sessions ?? 0;
  const rows = weeks.map((w) => ({ week: formatShortDay(w.week_start), sessions: w.sessions }));
  return (
    <>
      <Summary
        items={[
          { label: 'This week', value: plural(thisWeek, 'session') },
          { label: `Last ${weeks.length} weeks`, value: plural(total, 'session') },
          { label: 'Per week', value: formatNumber(total / weeks.length) },
        ]}
      />
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="week"
        series={[{ name: 'sessions', label: 'Sessions', color: 'blue.6' }]}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisLabel="Week starting"
        maxBarWidth={32}
        tickLine="none"
      />
      <ChartTable
        caption="Sessions per week"
        columns={['Week starting', 'Sessions']}
        rows={weeks.map((w) => [formatLongDay(w.week_start), w.sessions])}
      />
    </>
  );
}

function WellbeingPanel({ data }: { data: ChartData }) {
  const sessions = data.wellbeing;
  if (sessions.length === 0) {
    return (
      <ChartEmpty icon={<IconBolt size={26} />} title="Nothing rated yet">
        Rate your energy and sleep when you log a workout to see how they move together.
      </ChartEmpty>
    );
  }
  const rows = sessions.map((s) => ({
    day: formatShortDay(s.date),
    energy_level: s.energy_level,
    sleep_quality: s.sleep_quality,
  }));
  const average = (pick: (s: (typeof sessions)[number]) => number) =>
    `${formatNumber(sessions.reduce((sum, s) => sum + pick(s), 0) / sessions.length)} / ${RATING_MAX}`;
  return (
    <>
      <Summary
        items={[
          { label: 'Average energy', value: average((s) => s.energy_level) },
          { label: 'Average sleep', value: average((s) => s.sleep_quality) },
        ]}
      />
      <LineChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="day"
        series={[
          { name: 'energy_level', label: 'Energy', color: 'yellow.6' },
          { name: 'sleep_quality', label: 'Sleep', color: 'indigo.5' },
        ]}
        yAxisProps={{
          domain: [1, RATING_MAX],
          ticks: [1, 2, 3, 4, 5],
          allowDecimals: false,
          width: 28,
        }}
        withLegend
        curveType="linear"
        tickLine="none"
      />
      <ChartTable
        caption={`Energy level and sleep quality, from 1 to ${RATING_MAX}`}
        columns={['Date', 'Energy', 'Sleep']}
        rows={sessions.map((s) => [formatLongDay(s.date), s.energy_level, s.sleep_quality])}
      />
    </>
  );
}

export interface WorkoutChartsProps {
  /** Workouts the member has logged, to narrow the charts to one. */
  workouts: { id: number; title: string }[];
}

/** Progress over time: volume, estimated 1RM, weekly frequency, and energy and sleep. */
export function WorkoutCharts({ workouts }: WorkoutChartsProps) {
  const [tab, setTab] = useState<ChartTab>('volume');
  const [workout, setWorkout] = useState<string>('all');
  // A workout whose logs were all deleted drops out of the picker: fall back to all.
  const selected = workouts.some((w) => String(w.id) === workout) ? Number(workout) : null;
  const chart = useChartData(selected);

  let body: ReactNode;
  if (chart.isPending) {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton h={44} w={220} />
        <Skeleton h={CHART_HEIGHT} />
      </Stack>
    );
  } else if (chart.isError) {
    body = (
      <LoadErrorAlert
        title="Charts did not load"
        error={chart.error}
        onRetry={() => void chart.refetch()}
      />
    );
  } else {
    const data = chart.data;
    body = (
      <Box style={{ opacity: chart.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
        <Tabs.Panel value="volume">
          <VolumePanel data={data} />
        </Tabs.Panel>
        <Tabs.Panel value="one-rep-max">
          <OneRepMaxPanel data={data} />
        </Tabs.Panel>
        <Tabs.Panel value="frequency">
          <FrequencyPanel data={data} />
        </Tabs.Panel>
        <Tabs.Panel value="wellbeing">
          <WellbeingPanel data={data} />
        </Tabs.Panel>
      </Box>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="progress-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id="progress-title">
            Progress
          </Title>
          {workouts.length > 0 && (
            <Select
              aria-label="Workout shown in the charts"
              data={[
                { value: 'all', label: 'All workouts' },
                ...workouts.map((w) => ({ value: String(w.id), label: w.title })),
              ]}
              value={selected === null ? 'all' : String(selected)}
              onChange={(value) => setWorkout(value ?? 'all')}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No results found"
              w={{ base: '100%', xs: 260 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => isChartTab(value) && setTab(value)}
          keepMounted={false}
          variant="pills"
          radius="xl"
          classNames={{ list: classes.list, tab: classes.tab, tabLabel: classes.tabLabel }}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="volume" leftSection={<IconChartBar size={16} />}>
              Volume
            </Tabs.Tab>
            <Tabs.Tab value="one-rep-max" leftSection={<IconTrendingUp size={16} />}>
              1RM
            </Tabs.Tab>
            <Tabs.Tab value="frequency" leftSection={<IconCalendarStats size={16} />}>
              Frequency
            </Tabs.Tab>
            <Tabs.Tab value="wellbeing" leftSection={<IconBolt size={16} />}>
              Energy & sleep
            </Tabs.Tab>
          </Tabs.List>
          {body}
        </Tabs>
      </Stack>
    </Card>
  );
}
