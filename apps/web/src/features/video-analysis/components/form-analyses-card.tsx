import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { useFormFigures } from './exercise-trend';
import { exerciseGroupKey, useSuggestionNames } from './trend-names';

export interface FormAnalysesCardProps {
  /** The member's analyses, newest first. */
  analyses: VideoAnalysis[];
  /** The library exercise of that name, if there is one (its page shows the trend). */
  libraryExerciseId?: (name: string) => number | undefined;
}

interface ExerciseAnalyses {
  key: string;
  latest: VideoAnalysis;
  count: number;
  exerciseId: number | undefined;
}

function byExercise(
  analyses: VideoAnalysis[],
  groupKey: (name: string) => string,
  libraryExerciseId: (name: string) => number | undefined,
): ExerciseAnalyses[] {
  const groups = new Map<string, ExerciseAnalyses>();
  const newestFirst = [...analyses].sort((a, b) => b.created_at.localeCompare(a.created_at));
  for (const a of newestFirst) {
    const key = groupKey(a.exercise_name);
    // A set tied to the analysis names the library exercise; else the name may be one.
    const exerciseId =
      (a.set && groupKey(a.set.exercise_name) === key ? a.set.exercise_id : undefined) ??
      libraryExerciseId(a.exercise_name);
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.exerciseId ??= exerciseId;
    } else {
      groups.set(key, { key, latest: a, count: 1, exerciseId });
    }
  }
  return [...groups.values()];
}

/**
 * "Form analyses" in the history: one line per analysed exercise (the latest date, how many,
 * the latest depth and rep time), linking to its trend on the exercise's page, or to the latest
 * analysis when the exercise is not in the library. Nothing when there are none.
 */
export function FormAnalysesCard({
  analyses,
  libraryExerciseId = () => undefined,
}: FormAnalysesCardProps) {
  const { t } = useTranslation('video-analysis');
  const { date } = useFormat();
  const figures = useFormFigures();
  const catalogues = useSuggestionNames();
  if (analyses.length === 0) return null;
  const groups = byExercise(analyses, (n) => exerciseGroupKey(n, catalogues), libraryExerciseId);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="form-analyses-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="form-analyses-title">
          {t('formCard.title')}
        </Title>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {groups.map(({ key, latest, count, exerciseId }) => (
            <Group key={key} component="li" justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={
                    exerciseId === undefined
                      ? paths.videoAnalysis.href(latest.id)
                      : paths.exercise.href(exerciseId)
                  }
                  fw={600}
                  size="sm"
                >
                  {latest.exercise_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('formCard.summary', {
                    count,
                    date: date(latest.created_at, { dateStyle: 'medium' }),
                  })}
                </Text>
              </Stack>
              <Text size="sm">{figures(latest.summary).join(' · ') || t('results.none')}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
