import { LineChart } from '@mantine/charts';
import { Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisSummary, VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { useFormat } from '../../../i18n/format';
import { useVideoAnalyses } from '../api/get-video-analyses';

/** Seconds one rep takes (down, pause and up), or null when no rep was timed. */
export function repTime(summary: AnalysisSummary): number | null {
  return summary.avg_down_s === null
    ? null
    : summary.avg_down_s + (summary.avg_pause_s ?? 0) + (summary.avg_up_s ?? 0);
}

/**
 * A summary's depth and rep time, as the form lists word them ("96° range", "2.4 s a rep"); the
 * ones the analysis could not measure are left out.
 */
export function useFormFigures(): (summary: AnalysisSummary) => string[] {
  const { t } = useTranslation('video-analysis');
  const { number } = useFormat();
  return (summary) => {
    const time = repTime(summary);
    const figures: string[] = [];
    if (summary.avg_rom_deg !== null) {
      figures.push(
        t('formTrend.depth', {
          value: number(summary.avg_rom_deg, { maximumFractionDigits: 0 }),
        }),
      );
    }
    if (time !== null) figures.push(t('formTrend.repTime', { value: number(time) }));
    return figures;
  };
}

/**
 * Analyses over time as a line chart: the range of motion (depth) and the rep time (tempo),
 * oldest first, with the same numbers as a table for screen readers, which cannot read the
 * drawing.
 */
export function TrendChart({ analyses }: { analyses: VideoAnalysis[] }) {
  const { t } = useTranslation('video-analysis');
  const { date, number } = useFormat();
  const sorted = [...analyses].sort((a, b) => a.created_at.localeCompare(b.created_at));
  // Two analyses on one day would share a label: the times tell them apart.
  const days = sorted.map((a) => date(a.created_at, { dateStyle: 'short' }));
  const sameDay = new Set(days).size < days.length;
  const rows = sorted.map((a) => ({
    day: sameDay
      ? date(a.created_at, { dateStyle: 'short', timeStyle: 'short' })
      : date(a.created_at, { dateStyle: 'short' }),
    rom: a.summary.avg_rom_deg,
    tempo: repTime(a.summary),
  }));
  const cell = (v: number | null) => (v === null ? t('results.none') : number(v));
  return (
    <>
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
        aria-hidden
      />
      <VisuallyHidden>
        <table>
          <caption>{t('trend.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.date')}</th>
              <th scope="col">{t('trend.rom')}</th>
              <th scope="col">{t('trend.tempo')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((a) => (
              <tr key={a.id}>
                <td>{date(a.created_at, { dateStyle: 'long', timeStyle: 'short' })}</td>
                <td>{cell(a.summary.avg_rom_deg)}</td>
                <td>{cell(repTime(a.summary))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}

/**
 * An exercise's saved analyses over time, on one analysis's page. Shown once there are two to
 * compare.
 */
export function ExerciseTrend({ exerciseName }: { exerciseName: string }) {
  const { t } = useTranslation('video-analysis');
  const { data } = useVideoAnalyses({ exercise: exerciseName });
  const analyses = data?.items ?? [];
  if (analyses.length < 2) return null;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('trend.title', { exercise: exerciseName })}
        </Title>
        <TrendChart analyses={analyses} />
        <Text size="xs" c="dimmed">
          {t('trend.caption')}
        </Text>
      </Stack>
    </Card>
  );
}
