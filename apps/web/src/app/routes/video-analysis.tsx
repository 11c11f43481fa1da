// The charts' styles load with this page only, like the charts library itself.
import '@mantine/charts/styles.css';
import { Anchor, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { videoAnalysisQueryOptions } from '../../features/video-analysis/api/get-video-analysis';
import { useVideoAnalysisUpdates } from '../../features/video-analysis/api/video-analysis-channel';
import { AnalysisReview } from '../../features/video-analysis/components/analysis-review';
import { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../query-client';
import { orNotFound } from '../workout-routes';

function idOf(value: string | undefined): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export async function loader({ params }: LoaderFunctionArgs) {
  await Promise.all([
    orNotFound(queryClient.ensureQueryData(videoAnalysisQueryOptions(idOf(params.id)))),
    loadNamespace('video-analysis'),
  ]);
  return null;
}

/** `/video-analysis/:id`: an analysis with its video and comments, kept current live. */
export function Component() {
  const id = idOf(useParams().id);
  const { t } = useTranslation('video-analysis');
  const { data } = useSuspenseQuery(videoAnalysisQueryOptions(id));
  const { data: me } = useMe();
  useVideoAnalysisUpdates();
  // A reviewing coach came from the queue; the member has none.
  const reviewing = me?.user?.id !== undefined && me.user.id !== data.user.id;
  return (
    <Stack gap="md" maw={960}>
      {reviewing ? (
        <Anchor component={Link} to={paths.coachReviews.href()} size="sm">
          {t('review.back')}
        </Anchor>
      ) : null}
      <AnalysisReview analysis={data} />
    </Stack>
  );
}
