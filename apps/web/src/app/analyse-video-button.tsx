import { Button, type ButtonProps } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoggedSetChoice } from '../features/video-analysis/api/get-recent-sets';
import { loadNamespace, loadNamespaceEverywhere } from '../i18n/i18n';

// The modal, its charts and the pose worker load when the button is first pressed.
const ExerciseAnalysisModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/video-analysis/components/exercise-analysis-modal'),
    loadNamespace('video-analysis'),
  ]);
  return { default: module.ExerciseAnalysisModal };
});

/** Route loaders of pages with the button await this: its label is in a lazy catalogue. */
export const loadAnalyseVideoTexts = () => loadNamespace('video-analysis');

/**
 * Route loaders of pages with form trends await this: a trend takes in analyses named with the
 * modal's suggestions in any language ("Squat", "Sentadilla").
 */
export const loadFormTrendTexts = () => loadNamespaceEverywhere('video-analysis');

export interface AnalyseVideoButtonProps extends ButtonProps {
  exerciseName?: string;
  /** The logged sets the video may be of (a history entry's exercise). */
  sets?: LoggedSetChoice[] | null;
}

/**
 * "Analyse my form": opens the exercise video analysis modal. Shown on the workout page (per
 * exercise), on a history entry's exercise and on the trainer page; composed here because
 * features do not import each other.
 */
export function AnalyseVideoButton({ exerciseName, sets, ...button }: AnalyseVideoButtonProps) {
  const { t } = useTranslation('video-analysis');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconVideo size={16} />}
        {...button}
        onClick={() => setOpened(true)}
      >
        {t('open')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ExerciseAnalysisModal
            opened
            onClose={() => setOpened(false)}
            exerciseName={exerciseName}
            sets={sets}
          />
        </Suspense>
      ) : null}
    </>
  );
}
