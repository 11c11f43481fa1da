import { Anchor, Group } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { paths } from '../../../config/paths';

/**
 * The analyses tied to one exercise of a logged workout, as links beside it in the history:
 * reps detected against reps logged, for each analysed set.
 */
export function LogAnalyses({ analyses }: { analyses: VideoAnalysis[] }) {
  const { t } = useTranslation('video-analysis');
  if (analyses.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {analyses.map((analysis) => (
        <Anchor
          key={analysis.id}
          component={Link}
          to={paths.videoAnalysis.href(analysis.id)}
          size="xs"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconVideo size={14} aria-hidden />
          {t('history.analysedSet', {
            set: analysis.set?.set_number ?? 0,
            detected: analysis.summary.reps_detected,
            logged: analysis.set?.reps_logged ?? 0,
          })}
        </Anchor>
      ))}
    </Group>
  );
}
