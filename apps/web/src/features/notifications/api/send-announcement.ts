import type { AppNotification } from '@fitcoach/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function sendAnnouncement(input: { title: string; body: string }) {
  return api.post<AppNotification>('/api/notifications/announcements', input);
}

/**
 * Admins tell every member something. The list is not touched here: the announcement comes
 * back on the sender's own NotificationsChannel like everyone else's.
 */
export function useSendAnnouncement() {
  return useMutation({ mutationFn: sendAnnouncement });
}
