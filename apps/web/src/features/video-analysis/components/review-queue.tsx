import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../i18n/format';
import { useReviewQueue } from '../api/get-review-queue';
import { useVideoAnalysisUpdates } from '../api/video-analysis-channel';

/** A coach's review queue: videos asked of them or of any coach, and those they reviewed. */
export function ReviewQueue() {
  const { t } = useTranslation('video-analysis');
  const { date } = useFormat();
  const [status, setStatus] = useState<'requested' | 'reviewed'>('requested');
  const queue = useReviewQueue(status);
  useVideoAnalysisUpdates();

  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value === 'reviewed' ? 'reviewed' : 'requested')}
        data={[
          { value: 'requested', label: t('review.queue') },
          { value: 'reviewed', label: t('review.reviewed') },
        ]}
        w="fit-content"
      />
      {queue.isPending ? (
        <Skeleton h={80} />
      ) : queue.isError ? (
        <LoadErrorAlert
          title={t('review.title')}
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.items.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('review.empty')}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {queue.data.items.map((item) => (
            <Card key={item.id} withBorder component="li" padding="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={0}>
                  <Text fw={600}>
                    {t('review.from', { name: item.user.name, exercise: item.exercise_name })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {date(item.review.requested_at ?? item.created_at, { dateStyle: 'medium' })}
                  </Text>
                </Stack>
                <Button component={Link} to={paths.videoAnalysis.href(item.id)} variant="light">
                  {t('review.open')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
