import {
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconBellOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import type { useNotifications } from '../api/list-notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';
import { loadFailed } from '../../../lib/query-state';

export interface NotificationsPanelProps {
  list: ReturnType<typeof useNotifications>;
  /** How many of the newest are unread. */
  unread: number;
  /** When the list was opened: times read "5 min ago" from then. */
  now: number;
  /** A row with a link was followed. */
  onOpen: () => void;
}

/** The bell's list: skeletons while loading, the error, the empty state, or the rows. */
export function NotificationsPanel({ list, unread, now, onOpen }: NotificationsPanelProps) {
  const { t } = useTranslation('notifications');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (list.isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy="true">
        <VisuallyHidden>{t('panel.loading')}</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton circle height={32} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="80%" />
              <Skeleton height={10} width="50%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  if (loadFailed(list)) {
    return (
      <Stack p="md" gap="sm">
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('panel.failed')}>
          {errorMessage(list.error)}
        </Alert>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void list.refetch()}
          loading={list.isRefetching}
        >
          {t('panel.retry')}
        </Button>
      </Stack>
    );
  }

  if (items.length === 0) {
    return (
      <Stack align="center" ta="center" gap="xs" px="lg" py="xl">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          <IconBellOff size={26} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" maw={280}>
          {t('panel.empty')}
        </Text>
      </Stack>
    );
  }

  return (
    <>
      <ul className={classes.list} aria-label={t('panel.list')}>
        {items.map((notification, index) => (
          <li key={notification.id}>
            <NotificationItem
              notification={notification}
              // Newest first: the unread ones are the first `unread` rows.
              unread={index < unread}
              now={now}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Group justify="center" p="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('panel.older')}
          </Button>
        </Group>
      )}
    </>
  );
}
