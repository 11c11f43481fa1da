import { LineChart } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { useVideoAnalyses } from '../api/get-video-analyses';

/**
 * An exercise's saved analyses over time: the range of motion (depth) and the rep time (tempo),
 * oldest first. Shown once there are two to compare.
 */
export function ExerciseTrend({ exerciseName }: { exerciseName: string }) {
  const { t } = useTranslation('video-analysis');
  const { date, number } = useFormat();
  const { data } = useVideoAnalyses({ exercise: exerciseName });
  const rows = [...(data?.items ?? [])]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((a) => ({
      day: date(a.created_at, { dateStyle: 'short' }),
      rom: a.summary.avg_rom_deg,
      tempo:
        a.summary.avg_down_s === null
          ? null
          : a.summary.avg_down_s + (a.summary.avg_pause_s ?? 0) + (a.summary.avg_up_s ?? 0),
    }));
  if (rows.length < 2) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('trend.title', { exercise: exerciseName })}
        </Title>
        <LineChart
          h={200}
          data={rows}
          dataKey="day"
          withRightYAxis
          series={[
            { name: 'rom', label: t('trend.rom'), color: 'brand.6' },
            { name: 'tempo', label: t('trend.tempo'), color: 'orange.6', yAxisId: 'right' },
          ]}
          valueFormatter={(v) => number(v, { maximumFractionDigits: 1 })}
          connectNulls
          withLegend
          tickLine="none"
        />
        <Text size="xs" c="dimmed">
          {t('trend.caption')}
        </Text>
      </Stack>
    </Card>
  );
}
