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
import { useTranslation } from 'react-i18next';
import { RATING_MAX, type ChartData } from '@fitcoach/shared/workout-logs';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatNumber, useFormat } from '../../../i18n/format';
import { useChartData } from '../api/get-chart-data';
import {
  exerciseSeriesKey,
  hasOneRepMaxTrend,
  pivotOneRepMax,
  weeklySessionTotal,
  activeWeeks,
} from '../utils/chart-rows';
import { formatLogWeight, formatLongDay, formatShortDay } from '../utils/format-log';
import classes from './workout-charts.module.css';
import { loadFailed } from '../../../lib/query-state';

const CHART_HEIGHT = 260;
const SERIES_COLORS = ['brand.6', 'blue.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6'] as const;

const tabs = ['volume', 'one-rep-max', 'frequency', 'wellbeing'] as const;
type ChartTab = (typeof tabs)[number];
const isChartTab = (value: string | null): value is ChartTab => tabs.includes(value as ChartTab);

/** Axis numbers stay short on a phone: 12,500 reads as 12.5K (12,5 mil in Spanish). */
function compactNumber(locale: string) {
  return (value: number): string =>
    formatNumber(locale, value, { notation: 'compact', maximumFractionDigits: 1 });
}

/** The words and formats every panel uses, in the language shown. */
function usePanelText() {
  const { t } = useTranslation('workout-logs');
  const { locale, number } = useFormat();
  return {
    t,
    locale,
    number,
    shortDay: (day: string) => formatShortDay(locale, day),
    longDay: (day: string) => formatLongDay(locale, day),
    weight: (value: number, unit: string) => formatLogWeight(t, locale, value, unit),
  };
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
  const { t, locale, number, shortDay, longDay, weight } = usePanelText();
  const unit = data.weight_unit;
  // Sessions without weighted sets (a run, a class) have no volume to compare.
  const sessions = data.volume.filter((v) => v.volume > 0);
  if (sessions.length === 0) {
    return (
      <ChartEmpty icon={<IconChartBar size={26} />} title={t('charts.volume.emptyTitle')}>
        {t('charts.volume.emptyBody')}
      </ChartEmpty>
    );
  }
  const rows = sessions.map((s) => ({ day: shortDay(s.date), volume: s.volume }));
  const latest = sessions[sessions.length - 1]!;
  const best = Math.max(...sessions.map((s) => s.volume));
  return (
    <>
      <Summary
        items={[
          {
            label: t('charts.volume.latest', { date: shortDay(latest.date) }),
            value: weight(latest.volume, unit),
          },
          { label: t('charts.volume.best'), value: weight(best, unit) },
        ]}
      />
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="day"
        series={[{ name: 'volume', label: t('charts.volume.series', { unit }), color: 'brand.6' }]}
        valueFormatter={(v) => weight(v, unit)}
        yAxisProps={{ tickFormatter: compactNumber(locale), width: 58 }}
        yAxisLabel={unit}
        maxBarWidth={36}
        tickLine="none"
      />
      <ChartTable
        caption={t('charts.volume.caption', { unit })}
        columns={[t('charts.date'), t('charts.volume.series', { unit })]}
        rows={sessions.map((s) => [longDay(s.date), number(s.volume)])}
      />
    </>
  );
}

function OneRepMaxPanel({ data }: { data: ChartData }) {
  const { t, locale, number, shortDay, longDay, weight } = usePanelText();
  const unit = data.weight_unit;
  if (!hasOneRepMaxTrend(data.one_rep_max)) {
    return (
      <ChartEmpty icon={<IconTrendingUp size={26} />} title={t('charts.oneRepMax.emptyTitle')}>
        {t('charts.oneRepMax.emptyBody')}
      </ChartEmpty>
    );
  }
  const rows = pivotOneRepMax(data.one_rep_max).map((row) => ({
    ...row,
    day: shortDay(row.date),
  }));
  const best = data.one_rep_max.points.reduce((a, b) => (b.value > a.value ? b : a));
  const bestName = data.one_rep_max.exercises.find((e) => e.exercise_id === best.exercise_id)?.name;
  return (
    <>
      <Summary
        items={[
          {
            label: bestName
              ? t('charts.oneRepMax.bestFor', { name: bestName })
              : t('charts.oneRepMax.best'),
            value: weight(best.value, unit),
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
        valueFormatter={(v) => weight(v, unit)}
        yAxisProps={{ tickFormatter: compactNumber(locale), width: 58, domain: ['auto', 'auto'] }}
        yAxisLabel={unit}
        withLegend
        curveType="linear"
        connectNulls
        tickLine="none"
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('charts.oneRepMax.note')}
      </Text>
      <ChartTable
        caption={t('charts.oneRepMax.caption', { unit })}
        columns={[t('charts.date'), ...data.one_rep_max.exercises.map((e) => e.name)]}
        rows={pivotOneRepMax(data.one_rep_max).map((row) => [
          longDay(row.date),
          ...data.one_rep_max.exercises.map((e) => {
            const v = row[exerciseSeriesKey(e.exercise_id)];
            return typeof v === 'number' ? number(v) : '—';
          }),
        ])}
      />
    </>
  );
}

function FrequencyPanel({ data }: { data: ChartData }) {
  const { t, number, shortDay, longDay } = usePanelText();
  const total = weeklySessionTotal(data.sessions_per_week);
  if (total === 0) {
    return (
      <ChartEmpty icon={<IconCalendarStats size={26} />} title={t('charts.frequency.emptyTitle')}>
        {t('charts.frequency.emptyBody')}
      </ChartEmpty>
    );
  }
  const weeks = activeWeeks(data.sessions_per_week);
  const thisWeek = weeks[weeks.length - 1]?.sessions ?? 0;
  const rows = weeks.map((w) => ({ week: shortDay(w.week_start), sessions: w.sessions }));
  return (
    <>
      <Summary
        items={[
          {
            label: t('charts.frequency.thisWeek'),
            value: t('charts.frequency.sessionCount', { count: thisWeek }),
          },
          {
            label: t('charts.frequency.lastWeeks', { count: weeks.length }),
            value: t('charts.frequency.sessionCount', { count: total }),
          },
          { label: t('charts.frequency.perWeek'), value: number(total / weeks.length) },
        ]}
      />
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="week"
        series={[{ name: 'sessions', label: t('charts.frequency.series'), color: 'blue.6' }]}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisLabel={t('charts.frequency.weekStarting')}
        maxBarWidth={32}
        tickLine="none"
      />
      <ChartTable
        caption={t('charts.frequency.caption')}
        columns={[t('charts.frequency.weekStarting'), t('charts.frequency.series')]}
        rows={weeks.map((w) => [longDay(w.week_start), number(w.sessions)])}
      />
    </>
  );
}

function WellbeingPanel({ data }: { data: ChartData }) {
  const { t, number, shortDay, longDay } = usePanelText();
  const sessions = data.wellbeing;
  if (sessions.length === 0) {
    return (
      <ChartEmpty icon={<IconBolt size={26} />} title={t('charts.wellbeing.emptyTitle')}>
        {t('charts.wellbeing.emptyBody')}
      </ChartEmpty>
    );
  }
  const rows = sessions.map((s) => ({
    day: shortDay(s.date),
    energy_level: s.energy_level,
    sleep_quality: s.sleep_quality,
  }));
  const average = (pick: (s: (typeof sessions)[number]) => number) =>
    t('charts.wellbeing.average', {
      value: number(sessions.reduce((sum, s) => sum + pick(s), 0) / sessions.length),
      max: RATING_MAX,
    });
  return (
    <>
      <Summary
        items={[
          { label: t('charts.wellbeing.averageEnergy'), value: average((s) => s.energy_level) },
          { label: t('charts.wellbeing.averageSleep'), value: average((s) => s.sleep_quality) },
        ]}
      />
      <LineChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="day"
        series={[
          { name: 'energy_level', label: t('charts.wellbeing.energy'), color: 'yellow.6' },
          { name: 'sleep_quality', label: t('charts.wellbeing.sleep'), color: 'indigo.5' },
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
        caption={t('charts.wellbeing.caption', { max: RATING_MAX })}
        columns={[t('charts.date'), t('charts.wellbeing.energy'), t('charts.wellbeing.sleep')]}
        rows={sessions.map((s) => [
          longDay(s.date),
          number(s.energy_level),
          number(s.sleep_quality),
        ])}
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
  const { t } = useTranslation('workout-logs');
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
  } else if (loadFailed(chart)) {
    body = (
      <LoadErrorAlert
        title={t('charts.loadError')}
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
            {t('charts.title')}
          </Title>
          {workouts.length > 0 && (
            <Select
              aria-label={t('charts.workoutPicker')}
              data={[
                { value: 'all', label: t('charts.allWorkouts') },
                ...workouts.map((w) => ({ value: String(w.id), label: w.title })),
              ]}
              value={selected === null ? 'all' : String(selected)}
              onChange={(value) => setWorkout(value ?? 'all')}
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('charts.nothingFound')}
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
              {t('charts.tabs.volume')}
            </Tabs.Tab>
            <Tabs.Tab value="one-rep-max" leftSection={<IconTrendingUp size={16} />}>
              {t('charts.tabs.oneRepMax')}
            </Tabs.Tab>
            <Tabs.Tab value="frequency" leftSection={<IconCalendarStats size={16} />}>
              {t('charts.tabs.frequency')}
            </Tabs.Tab>
            <Tabs.Tab value="wellbeing" leftSection={<IconBolt size={16} />}>
              {t('charts.tabs.wellbeing')}
            </Tabs.Tab>
          </Tabs.List>
          {body}
        </Tabs>
      </Stack>
    </Card>
  );
}
