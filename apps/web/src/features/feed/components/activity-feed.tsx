import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/form-errors';
import { useFeed } from '../api/get-feed';
import { FeedEntryCard } from './feed-entry-card';

/**
 * The home page's activity: friends' completed workouts and the member's own, newest first,
 * "Load more" for older ones. With nothing to show, it leads to the friends page.
 */
export function ActivityFeed({ friendsHref }: { friendsHref: string }) {
  const { t } = useTranslation('feed');
  const feed = useFeed();
  const entries = feed.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="activity-title">
      <Title order={2} size="h4" id="activity-title">
        {t('title')}
      </Title>
      {feed.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <Card withBorder padding="md" key={i}>
              <Skeleton height={16} width="60%" mb="xs" />
              <Skeleton height={12} width="40%" />
            </Card>
          ))}
        </Stack>
      )}
      {feed.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('failed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(feed.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void feed.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {feed.isSuccess && entries.length === 0 && (
        <Card withBorder padding="lg">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('empty.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('empty.body')}
            </Text>
            <Button
              component={Link}
              to={friendsHref}
              variant="light"
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              {t('empty.action')}
            </Button>
          </Stack>
        </Card>
      )}
      {entries.map((entry) => (
        <FeedEntryCard key={entry.id} entry={entry} />
      ))}
      {feed.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void feed.fetchNextPage()}
          loading={feed.isFetchingNextPage}
        >
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
