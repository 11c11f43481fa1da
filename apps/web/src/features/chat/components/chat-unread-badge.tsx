import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChatUnread, useChatUnreadChannel } from '../api/get-unread';

/** The badge's count, capped so it stays small ("99+"). */
const BADGE_MAX = 99;

/**
 * Unread chat messages, for the navigation entry. It also keeps every unread count live (the
 * member's own ChatChannel stream): mount it once, in the navigation.
 */
export function ChatUnreadBadge() {
  const { t } = useTranslation('chat');
  useChatUnreadChannel();
  const { data } = useChatUnread();
  const total = data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge size="sm" circle={total < 10} aria-label={t('unreadBadge', { count: total })}>
      {total > BADGE_MAX ? t('badgeMax', { max: BADGE_MAX }) : total}
    </Badge>
  );
}
