import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { loadFailed } from '../../../lib/query-state';
import { videoAnalysesQueryOptions } from '../api/get-video-analyses';
import { TrendChart, useFormFigures } from './exercise-trend';
import { sameExerciseNames, useSuggestionNames } from './trend-names';

export interface FormOverTimeProps {
  /** The library exercise's name; analyses named so (or as its suggestion, in either language). */
  exerciseName: string;
  /** What starts a new analysis of it (the app's "Analyse my form" button). */
  action?: ReactNode;
}

/** One analysis as a line of the list: its date (the link), reps, depth and rep time. */
export function AnalysisLine({ analysis }: { analysis: VideoAnalysis }) {
  const { t } = useTranslation('video-analysis');
  const { date } = useFormat();
  const figures = useFormFigures();
  const { summary } = analysis;
  return (
    <Group gap="xs" wrap="wrap" component="li">
      <Anchor
        component={Link}
        to={paths.videoAnalysis.href(analysis.id)}
        size="sm"
        fw={600}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconVideo size={14} aria-hidden />
        {t('formTrend.analysisOf', {
          // With the time: two analyses of one day are two links of their own.
          date: date(analysis.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </Anchor>
      <Text size="sm" c="dimmed">
        {[t('formTrend.reps', { count: summary.reps_detected }), ...figures(summary)].join(' · ')}
      </Text>
    </Group>
  );
}

/**
 * "Form over time" on an exercise's page: the member's saved analyses of it as the depth and
 * rep-time trend, each listed with a link to it. One analysis says a second draws the trend;
 * none offers to analyse a set.
 */
export function FormOverTime({ exerciseName, action }: FormOverTimeProps) {
  const { t } = useTranslation('video-analysis');
  const names = sameExerciseNames(exerciseName, useSuggestionNames());
  // One request per name the analyses may carry (the server compares names, case aside).
  const queries = useQueries({
    queries: names.map((name) => videoAnalysesQueryOptions({ exercise: name })),
  });
  const failed = queries.find((q) => loadFailed(q));

  let body: ReactNode;
  if (queries.some((q) => q.isPending)) {
    body = <Skeleton h={120} aria-label={t('formTrend.loading')} />;
  } else if (failed) {
    body = (
      <LoadErrorAlert
        title={t('formTrend.loadError')}
        error={failed.error}
        onRetry={() => queries.forEach((q) => void q.refetch())}
      />
    );
  } else {
    const byId = new Map<number, VideoAnalysis>();
    for (const q of queries) for (const a of q.data?.items ?? []) byId.set(a.id, a);
    const analyses = [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
    body =
      analyses.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('formTrend.empty')}</Text>
          {action}
        </Stack>
      ) : (
        <Stack gap="sm">
          {analyses.length >= 2 ? (
            <>
              <TrendChart analyses={analyses} />
              <Text size="xs" c="dimmed">
                {t('trend.caption')}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('formTrend.one')}</Text>
          )}
          <Title order={3} size="h5">
            {t('formTrend.list', { count: analyses.length })}
          </Title>
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {analyses.map((a) => (
              <AnalysisLine key={a.id} analysis={a} />
            ))}
          </Stack>
          {action ? <div>{action}</div> : null}
        </Stack>
      );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="form-over-time">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="form-over-time">
            {t('formTrend.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('formTrend.intro')}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Card>
  );
}
