import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  getDefaultZIndex,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconSpeakerphone } from '@tabler/icons-react';
import type { AppNotification } from '@fitcoach/shared/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useNotifications } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNotificationsChannel } from '../api/notifications-channel';
import { unreadCountOf } from '../utils/notifications-cache';
import { AnnouncementModal } from './announcement-modal';
import { showNotificationToast } from './notification-toast';
import { NotificationsPanel } from './notifications-panel';

/** The badge's count, capped so it stays a small circle ("99+"). */
const BADGE_MAX = 99;

export interface NotificationsBellProps {
  canAnnounce?: boolean;
  /** A notification arrived live: the app refreshes what it is about (e.g. shared workouts). */
  onNotification?: (notification: AppNotification) => void;
}

/** The header's bell: unread count, the list in a popover, and a toast for each live arrival. */
export function NotificationsBell({ canAnnounce = false, onNotification }: NotificationsBellProps) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
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
      setArrival(t('bell.arrival', { title: notification.title }));
      showNotificationToast(notification, (link) => void navigate(link), t);
    },
  });

  const unread = unreadCountOf(list.data);
  const newest = list.data?.pages.flatMap((page) => page.items)[0];

  function toggleList() {
    setNow(Date.now());
    toggle();
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
        // Above the toasts: one arriving while the list is open must not hide its header.
        zIndex={getDefaultZIndex('overlay') + 1}
        trapFocus
        returnFocus
        withinPortal
      >
        <Indicator
          inline
          color="red"
          size={18}
          offset={4}
          label={
            <span aria-hidden>
              {unread > BADGE_MAX ? `${format.number(BADGE_MAX)}+` : format.number(unread)}
            </span>
          }
          disabled={unread === 0}
          withBorder
        >
          {/* The button itself is the target: it gets aria-expanded and focus comes back to it. */}
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={toggleList}
              aria-label={unread === 0 ? t('bell.label') : t('bell.labelUnread', { count: unread })}
            >
              <IconBell size={18} stroke={1.6} />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="md" py="xs" wrap="nowrap" gap="xs">
            <Text fw={700} ref={headingRef} tabIndex={-1}>
              {t('bell.heading')}
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
                {t('bell.markAllRead')}
              </Button>
            )}
          </Group>
          <Divider />
          {status === 'reconnecting' && (
            <Text size="xs" c="dimmed" px="md" py={6} role="status">
              {t('bell.reconnecting')}
            </Text>
          )}
          {markRead.isError && (
            <Alert color="red" m="xs" p="xs" role="alert">
              {errorMessage(markRead.error)}
            </Alert>
          )}
          <ScrollArea.Autosize mah="min(60vh, 30rem)" type="auto">
            <NotificationsPanel list={list} unread={unread} now={now} onOpen={close} />
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
                  {t('bell.announce')}
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
