import type { Locale } from '@fitcoach/shared/locales';
import type { ChannelEvents } from '@fitcoach/shared/realtime-events';
import { Channel } from '../../plugins/cable/channel';
import { notificationStreams, wordNotification } from './notifications.service';

/**
 * A member's notifications, live: their own stream and announcements to everyone. It takes no
 * parameters, so nobody can ask for another member's stream; a subscription that names one is
 * refused.
 */
export class NotificationsChannel extends Channel {
  subscribed(): Promise<boolean> | boolean {
    const { params } = this.context;
    const asked = params.user_id;
    if (asked !== undefined && asked !== this.viewer.id) return false;
    return Promise.all([
      this.streamFrom(notificationStreams.user(this.viewer.id)),
      this.streamFrom(notificationStreams.everyone),
    ]).then(() => true);
  }

  /** A new notification in the language of the member it reaches. */
  override wordFor(message: unknown, locale: Locale): unknown {
    if (typeof message !== 'object' || message === null) return message;
    const event = message as ChannelEvents['NotificationsChannel'];
    if (event.type !== 'notification.created') return message;
    return { ...event, notification: wordNotification(event.notification, locale) };
  }
}
