import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reviewQueueQueryOptions } from '../../features/video-analysis/api/get-review-queue';
import { ReviewQueue } from '../../features/video-analysis/components/review-queue';
import { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../query-client';

export async function loader() {
  // Started here, not awaited: the queue shows its own loading and error states.
  void queryClient.prefetchQuery(reviewQueueQueryOptions('requested'));
  await loadNamespace('video-analysis');
  return null;
}

/** `/coach/reviews`: the exercise videos members asked a coach to review. */
export function Component() {
  const { t } = useTranslation('video-analysis');
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('review.title')}</Title>
      <ReviewQueue />
    </Stack>
  );
}
