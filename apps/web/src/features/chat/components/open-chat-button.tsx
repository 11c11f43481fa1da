import { Box, Button, Group, Indicator, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useChatUnreadFor } from '../api/get-unread';
import { ChatModal } from './chat-modal';

export interface OpenChatButtonProps {
  friendId: number;
  friendName: string;
}

/**
 * "Message" for one friend, with their unread count: a modal on a wide screen, the full chat
 * page on a phone (a modal leaves a phone's keyboard no room).
 */
export function OpenChatButton({ friendId, friendName }: OpenChatButtonProps) {
  const { t } = useTranslation('chat');
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);
  const navigate = useNavigate();
  const [opened, modal] = useDisclosure(false);
  const unread = useChatUnreadFor(friendId);
  const open = () => {
    if (wide) modal.open();
    else void navigate(paths.chat.href(friendId));
  };
  return (
    <>
      <Indicator label={unread} size={18} disabled={unread === 0}>
        <Button
          variant="light"
          onClick={open}
          aria-label={
            unread > 0
              ? t('openWithUnread', { name: friendName, count: unread })
              : t('open', { name: friendName })
          }
        >
          {/* On a phone the icon says it (with the name in the label): the name gets the room. */}
          <Group gap={8} wrap="nowrap">
            <IconMessageCircle size={18} aria-hidden />
            <Box component="span" visibleFrom="sm">
              {t('message')}
            </Box>
          </Group>
        </Button>
      </Indicator>
      <ChatModal
        friendId={friendId}
        friendName={friendName}
        opened={opened}
        onClose={modal.close}
      />
    </>
  );
}
