import { Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconBarbell,
  IconCalendarWeek,
  IconCircleCheck,
  IconCircleX,
  IconSalad,
  IconHeartHandshake,
  IconMessageCircle,
  IconMessageChatbot,
  IconSpeakerphone,
  IconThumbUp,
  IconTrophy,
  IconUserCheck,
  IconShirtSport,
  IconShieldCheck,
  IconUserPlus,
  IconVideo,
} from '@tabler/icons-react';
import type { AppNotification, NotificationKind } from '@fitcoach/shared/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format';
import { formatRelativeTime } from '../utils/relative-time';
import classes from './notifications.module.css';

const kindIcons: Record<NotificationKind, typeof IconBarbell> = {
  workout_shared: IconBarbell,
  announcement: IconSpeakerphone,
  friend_request: IconUserPlus,
  friend_accepted: IconUserCheck,
  chat_message: IconMessageCircle,
  feed_kudos: IconThumbUp,
  feed_comment: IconHeartHandshake,
  diet_shared: IconSalad,
  program_shared: IconCalendarWeek,
  trainer_thread_shared: IconMessageChatbot,
  challenge_proof_approved: IconCircleCheck,
  challenge_proof_rejected: IconCircleX,
  challenge_won: IconTrophy,
  coach_invitation: IconUserPlus,
  coach_accepted: IconUserCheck,
  coach_program_assigned: IconCalendarWeek,
  log_comment: IconMessageCircle,
  team_added: IconShirtSport,
  report_actioned: IconShieldCheck,
  report_dismissed: IconShieldCheck,
  video_review_requested: IconVideo,
  video_review_comment: IconVideo,
};

/** One row of the bell's list; a row with a link opens it. */
export function NotificationItem({
  notification,
  unread,
  now,
  onOpen,
}: {
  notification: AppNotification;
  unread: boolean;
  now: number;
  onOpen: () => void;
}) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const Icon = kindIcons[notification.kind];
  const content = (
    <>
      <ThemeIcon variant="default" radius="xl" size={34} aria-hidden>
        <Icon size={18} stroke={1.7} color="var(--mantine-primary-color-filled)" />
      </ThemeIcon>
      <div className={classes.text}>
        {unread && <VisuallyHidden>{t('item.unread')}</VisuallyHidden>}
        <Text size="sm" fw={unread ? 700 : 600} lh={1.35} component="span" display="block">
          {notification.title}
        </Text>
        {notification.body && (
          <Text size="sm" c="dimmed" lh={1.35} lineClamp={3} component="span">
            {notification.body}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={2} component="span" display="block">
          {notification.actor && t('item.actor', { name: notification.actor.name })}
          <time
            dateTime={notification.created_at}
            title={format.date(new Date(notification.created_at), {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          >
            {formatRelativeTime(notification.created_at, {
              now,
              locale: format.locale,
              justNow: t('item.justNow'),
            })}
          </time>
        </Text>
      </div>
      {unread && <span className={classes.dot} aria-hidden />}
    </>
  );

  // Only an in-app path is followed (the server sends those; anything else is shown unlinked).
  const link =
    notification.link?.startsWith('/') && !notification.link.startsWith('//')
      ? notification.link
      : null;
  if (!link) {
    return (
      <div className={classes.item} data-unread={unread || undefined}>
        {content}
      </div>
    );
  }
  return (
    <UnstyledButton
      component={Link}
      to={link}
      onClick={onOpen}
      className={classes.item}
      data-unread={unread || undefined}
    >
      {content}
    </UnstyledButton>
  );
}
