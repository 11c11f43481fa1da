import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import type { AppNotification } from '@fitcoach/shared/notifications';
import type { TFunction } from 'i18next';

/**
 * The toast for a notification that arrived live; "Open" follows its in-app link. Shown from a
 * realtime callback, outside rendering, so the caller hands in its `t`.
 */
export function showNotificationToast(
  notification: AppNotification,
  onOpen: (link: string) => void,
  t: TFunction<'notifications'>,
): void {
  const toastId = `notification-${notification.id}`;
  const link = notification.link;
  notifications.show({
    id: toastId,
    // Announced once, politely, by the bell's live region.
    role: 'status',
    icon: <IconBell size={18} />,
    title: notification.title,
    autoClose: 8_000,
    closeButtonProps: { 'aria-label': t('toast.dismiss') },
    message: (
      <Stack gap={4} align="flex-start">
        {(notification.body || notification.actor) && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {notification.body || t('toast.from', { name: notification.actor?.name ?? '' })}
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
              onOpen(link);
            }}
          >
            {t('toast.open')}
          </Anchor>
        )}
      </Stack>
    ),
  });
}
