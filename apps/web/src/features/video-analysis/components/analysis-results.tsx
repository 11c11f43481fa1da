import { LineChart } from '@mantine/charts';
import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnalysisSummary } from '@fitcoach/shared/video-analysis';
import { useFormat } from '../../../i18n/format';
import { faultText, formatMoment } from './format';

function Stat({ label, value, extra }: { label: string; value: string; extra?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <Text fw={700} size="xl">
          {value}
        </Text>
        {extra ? (
          <Text size="sm" c="dimmed">
            {extra}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

export interface AnalysisResultsProps {
  summary: AnalysisSummary;
  /** Moves the video to a moment (a rep, a fault). */
  onSeek: (seconds: number) => void;
  /** What the member logged for the set it is tied to, beside the reps detected. */
  repsLogged?: number | null;
}

/** What an analysis found: reps, range, tempo, symmetry, faults, and the angle over time. */
export function AnalysisResults({ summary, onSeek, repsLogged }: AnalysisResultsProps) {
  const { t } = useTranslation('video-analysis');
  const { number } = useFormat();
  const one = (value: number | null) =>
    value === null ? t('results.none') : number(value, { maximumFractionDigits: 1 });
  const degrees = (value: number | null) =>
    value === null ? t('results.none') : t('results.degrees', { value: one(value) });
  const rows = summary.angle_series.map(([time, angle]) => ({ time, angle }));
  const joint = t(`joints.${summary.joint}`);

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {t('results.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat
          label={t('results.reps')}
          value={String(summary.reps_detected)}
          extra={
            summary.partial_reps > 0
              ? t('results.partial', { count: summary.partial_reps })
              : undefined
          }
        />
        {repsLogged !== undefined && repsLogged !== null ? (
          <Stat label={t('results.repsLogged')} value={String(repsLogged)} />
        ) : null}
        <Stat label={t('results.rom')} value={degrees(summary.avg_rom_deg)} />
        <Stat
          label={t('results.tempo')}
          value={t('results.tempoValue', {
            down: one(summary.avg_down_s),
            pause: one(summary.avg_pause_s),
            up: one(summary.avg_up_s),
          })}
        />
        <Stat label={t('results.asymmetry')} value={degrees(summary.asymmetry_deg)} />
      </SimpleGrid>

      {rows.length > 1 ? (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('results.chartTitle', { joint })}
          </Text>
          <LineChart
            h={220}
            data={rows}
            dataKey="time"
            series={[{ name: 'angle', label: joint, color: 'brand.6' }]}
            curveType="linear"
            withDots={false}
            tickLine="none"
            xAxisProps={{
              type: 'number',
              domain: [0, 'dataMax'],
              tickFormatter: (v: number) => formatMoment(v),
            }}
            yAxisProps={{ domain: ['auto', 'auto'], width: 44 }}
            valueFormatter={(v) => t('results.degrees', { value: one(v) })}
            referenceLines={summary.reps.map((rep) => ({
              x: rep.turn_s,
              label: t('results.repMark', { number: rep.number }),
              color: rep.partial ? 'orange.6' : 'gray.6',
            }))}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('results.chartCaption')}
          </Text>
        </div>
      ) : null}

      {summary.reps.length > 0 ? (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('results.reps_list')}
          </Text>
          <Group gap="xs">
            {summary.reps.map((rep) => (
              <Button
                key={rep.number}
                size="xs"
                variant={rep.partial ? 'outline' : 'light'}
                color={rep.partial ? 'orange' : undefined}
                onClick={() => onSeek(rep.start_s)}
                aria-label={t('results.seekRep', { number: rep.number })}
                title={t('results.repSummary', {
                  number: rep.number,
                  rom: one(rep.rom_deg),
                  down: one(rep.down_s),
                  pause: one(rep.pause_s),
                  up: one(rep.up_s),
                })}
              >
                {t('results.repMark', { number: rep.number })}
                {rep.partial ? ` · ${t('results.partialRep')}` : ''}
              </Button>
            ))}
          </Group>
        </div>
      ) : null}

      <div>
        <Text fw={600} size="sm" mb={4}>
          {t('results.faults')}
        </Text>
        {summary.faults.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('results.noFaults')}
          </Text>
        ) : (
          <List spacing={4} size="sm" icon={<IconAlertTriangle size={16} color="orange" />}>
            {summary.faults.map((fault, i) => (
              <List.Item key={`${fault.code}-${fault.rep}-${i}`}>
                <UnstyledButton onClick={() => onSeek(fault.at_s)} fz="sm">
                  {faultText(t, fault.code)}{' '}
                  <Badge variant="light" size="sm" color="gray">
                    {t('results.faultAt', { rep: fault.rep, time: formatMoment(fault.at_s) })}
                  </Badge>
                </UnstyledButton>
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
