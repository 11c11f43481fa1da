// The charts' styles load with this page only, like the charts library itself.
import '@mantine/charts/styles.css';
import { Button, Flex, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencilPlus, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weightUnit } from '@fitcoach/shared/units';
import type { Achievement, LogResult } from '@fitcoach/shared/workout-logs';
import { AchievementModal } from '../../components/achievement-modal';
import { useMe } from '../../features/auth/api/get-me';
import { useGameStats } from '../../features/stats/api/get-game-stats';
import { GameDayEntry } from '../../features/stats/components/game-day-entry';
import { GamesSection } from '../../features/stats/components/games-section';
import { PersonalStatsModal } from '../../features/stats/components/personal-stats-modal';
import { gamesForHistory } from '../../features/stats/utils/game-days';
import { chartDataQueryOptions } from '../../features/workout-logs/api/get-chart-data';
import {
  useWorkoutLogs,
  workoutLogsQueryOptions,
} from '../../features/workout-logs/api/get-workout-logs';
import { HistoryEmptyState } from '../../features/workout-logs/components/history-empty-state';
import { ManualWorkoutModal } from '../../features/workout-logs/components/manual-workout-modal';
import { WorkoutCharts } from '../../features/workout-logs/components/workout-charts';
import { WorkoutLogList } from '../../features/workout-logs/components/workout-log-list';
import { useHistoryComments } from '../../features/coaching/components/history-log-comments';
import { loggedWorkouts } from '../../features/workout-logs/utils/chart-rows';
import { useVideoAnalyses } from '../../features/video-analysis/api/get-video-analyses';
import { FormAnalysesCard } from '../../features/video-analysis/components/form-analyses-card';
import { LogAnalyses } from '../../features/video-analysis/components/log-analyses';
import { AnalyseVideoButton, loadFormTrendTexts } from '../analyse-video-button';
import { useLibraryExerciseIds } from '../library-exercise-ids';
import { queryClient } from '../query-client';

export async function loader() {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(workoutLogsQueryOptions),
    queryClient.ensureQueryData(chartDataQueryOptions(null)),
    loadFormTrendTexts(),
  ]);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const unit = weightUnit(me?.user?.measurement_type ?? 'metric');
  const { data } = useWorkoutLogs();
  const logs = data.pages.flatMap((page) => page.items);
  // Comments with a coach under each log: one request for the loaded logs.
  const commentsOf = useHistoryComments(logs);
  // Games are training load: each shows on its day among the logs.
  const games = useGameStats();
  const gameDays = gamesForHistory(games.data?.pages).map((game) => ({
    key: `game-${game.id}`,
    date: game.game_date,
    node: <GameDayEntry game={game} />,
  }));
  // The member's saved form analyses, shown beside the sets they are tied to.
  const analyses = useVideoAnalyses({});
  // Each analysed exercise links to its page in the library (its form trend) when it is there.
  const libraryExerciseId = useLibraryExerciseIds(
    (analyses.data?.items ?? []).filter((a) => !a.set).map((a) => a.exercise_name),
  );
  const formCard = (
    <FormAnalysesCard analyses={analyses.data?.items ?? []} libraryExerciseId={libraryExerciseId} />
  );
  const [manualOpened, manual] = useDisclosure(false);
  const [statsOpened, stats] = useDisclosure(false);
  const [earned, setEarned] = useState<{ achievement: Achievement; more: number } | null>(null);

  // The stats refresh after every log and deletion by themselves (app/cross-feature-refresh.ts).
  const onLogged = (result: LogResult) => {
    manual.close();
    if (result.achievement) {
      setEarned({
        achievement: result.achievement,
        more: Math.max(0, result.achievements.length - 1),
      });
    } else {
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: t('pages.history.recordedTitle'),
        message: t('pages.history.recordedMessage'),
      });
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="md"
      >
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('pages.history.title')}
          </Title>
          <Text c="dimmed">{t('pages.history.intro')}</Text>
        </Stack>
        {/* With nothing logged, the empty state offers these actions itself. */}
        {logs.length > 0 && (
          <Flex
            direction={{ base: 'column-reverse', xs: 'row' }}
            gap="sm"
            style={{ flexShrink: 0 }}
          >
            <Button
              variant="default"
              leftSection={<IconTrophy size={18} />}
              onClick={stats.open}
              size="md"
            >
              {t('pages.history.personalStats')}
            </Button>
            <Button leftSection={<IconPencilPlus size={18} />} onClick={manual.open} size="md">
              {t('pages.history.record')}
            </Button>
          </Flex>
        )}
      </Flex>

      {logs.length === 0 ? (
        <>
          <HistoryEmptyState onRecord={manual.open} />
          {formCard}
          <GamesSection />
        </>
      ) : (
        <>
          <WorkoutCharts workouts={loggedWorkouts(logs)} />
          {formCard}
          <GamesSection />
          <Stack gap="sm" component="section" aria-labelledby="history-title">
            <Title order={2} size="h3" id="history-title">
              {t('pages.history.list')}
            </Title>
            <WorkoutLogList
              weightUnit={unit}
              renderFooter={commentsOf}
              dayEntries={gameDays}
              exerciseActions={(log, exercise) => (
                <>
                  <LogAnalyses
                    analyses={(analyses.data?.items ?? []).filter(
                      (a) =>
                        a.set?.workout_log_id === log.id &&
                        a.set.exercise_id === exercise.exercise_id,
                    )}
                  />
                  <AnalyseVideoButton
                    variant="subtle"
                    exerciseName={exercise.name}
                    sets={exercise.sets.map((set) => ({
                      workout_log_id: log.id,
                      exercise_id: exercise.exercise_id,
                      exercise_name: exercise.name,
                      set_number: set.set_number,
                      reps: set.reps,
                      performed_on: log.performed_on,
                    }))}
                  />
                </>
              )}
            />
          </Stack>
        </>
      )}

      <ManualWorkoutModal opened={manualOpened} onClose={manual.close} onLogged={onLogged} />
      <PersonalStatsModal opened={statsOpened} onClose={stats.close} />
      <AchievementModal
        achievement={earned?.achievement ?? null}
        more={earned?.more ?? 0}
        onClose={() => setEarned(null)}
      />
    </Stack>
  );
}
