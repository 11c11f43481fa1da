import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBell,
  IconBellOff,
  IconRefresh,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { AppNotification } from '@fitcoach/shared/notifications';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/form-errors';
import { useNotifications } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNotificationsChannel } from '../api/notifications-channel';
import { unreadCountOf } from '../utils/notifications-cache';
import { AnnouncementModal } from './announcement-modal';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

const EMPTY_TEXT =
  'No notifications yet. When a friend shares a workout with you, it shows up here.';

function countLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export interface NotificationsBellProps {
  canAnnounce?: boolean;
  /** A notification arrived live: the app refreshes what it is about (e.g. shared workouts). */
  onNotification?: (notification: AppNotification) => void;
}

/** The header's bell: unread count, the list in a popover, and a toast for each live arrival. */
export function NotificationsBell({ canAnnounce = false, onNotification }: NotificationsBellProps) {
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [announcing, announcement] = useDisclosure(false);
  const [now, setNow] = useState(() => Date.now());
  const [arrival, setArrival] = useState('');
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const headingRef = useRef<HTMLParagraphElement>(null);

  const status = useNotificationsChannel({
    onCreated(notification: AppNotification) {
      onNotification?.(notification);
      setArrival(`New notification: ${notification.title}`);
      const toastId = `notification-${notification.id}`;
      const link = notification.link;
      notifications.show({
        id: toastId,
        // Announced once, politely, by the bell's live region below.
        role: 'status',
        icon: <IconBell size={18} />,
        title: notification.title,
        autoClose: 8_000,
        closeButtonProps: { 'aria-label': 'Dismiss' },
        message: (
          <Stack gap={4} align="flex-start">
            {(notification.body || notification.actor) && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {notification.body || `From ${notification.actor?.name ?? ''}`}
              </Text>
            )}
            {link?.startsWith('/') && !link.startsWith('//') && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => {
                  notifications.hide(toastId);
                  void navigate(link);
                }}
              >
                Open
              </Anchor>
            )}
          </Stack>
        ),
      });
    },
  });

  const unread = unreadCountOf(list.data);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const newest = items[0];

  function toggleList() {
    setNow(Date.now());
    toggle();
  }

  let body;
  if (list.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-busy="true">
        <VisuallyHidden>Loading notifications</VisuallyHidden>
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
  } else if (list.isError) {
    body = (
      <Stack p="md" gap="sm">
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="Could not load notifications"
        >
          {errorMessage(list.error)}
        </Alert>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void list.refetch()}
          loading={list.isRefetching}
        >
          Try again
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      <Stack align="center" ta="center" gap="xs" px="lg" py="xl">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          <IconBellOff size={26} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" maw={280}>
          {EMPTY_TEXT}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label="Notifications list">
          {items.map((notification, index) => (
            <li key={notification.id}>
              <NotificationItem
                notification={notification}
                // Newest first: the unread ones are the first `unread` rows.
                unread={index < unread}
                now={now}
                onOpen={close}
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
              Show older
            </Button>
          </Group>
        )}
      </>
    );
  }

  return (
    <>
      <Popover
        opened={opened}
        onDismiss={close}
        position="bottom-end"
        width="min(24rem, calc(100vw - 1rem))"
        offset={8}
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
      >
        <Indicator
          inline
          color="red"
          size={18}
          offset={4}
          label={<span aria-hidden>{countLabel(unread)}</span>}
          disabled={unread === 0}
          withBorder
        >
          {/* The button itself is the target: it gets aria-expanded and focus comes back to it. */}
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={toggleList}
              aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
            >
              <IconBell size={18} stroke={1.6} />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="md" py="xs" wrap="nowrap" gap="xs">
            <Text fw={700} ref={headingRef} tabIndex={-1}>
              Notifications
            </Text>
            {/* Only when there is something to mark: a greyed-out button would just be noise. */}
            {unread > 0 && newest && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={markRead.isPending}
                onClick={() =>
                  markRead.mutate(
                    { up_to_id: newest.id },
                    // The button goes away with the count: keep keyboard focus in the list.
                    { onSuccess: () => headingRef.current?.focus() },
                  )
                }
              >
                Mark all as read
              </Button>
            )}
          </Group>
          <Divider />
          {status === 'reconnecting' && (
            <Text size="xs" c="dimmed" px="md" py={6} role="status">
              Live updates paused. Reconnecting…
            </Text>
          )}
          {markRead.isError && (
            <Alert color="red" m="xs" p="xs" role="alert">
              {errorMessage(markRead.error)}
            </Alert>
          )}
          <ScrollArea.Autosize mah="min(60vh, 30rem)" type="auto">
            {body}
          </ScrollArea.Autosize>
          {canAnnounce && (
            <>
              <Divider />
              <Group justify="center" p="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconSpeakerphone size={16} />}
                  onClick={() => {
                    close();
                    announcement.open();
                  }}
                >
                  Send an announcement
                </Button>
              </Group>
            </>
          )}
        </Popover.Dropdown>
      </Popover>
      {canAnnounce && <AnnouncementModal opened={announcing} onClose={announcement.close} />}
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {arrival}
      </VisuallyHidden>
    </>
  );
}
