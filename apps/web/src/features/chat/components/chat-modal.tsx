import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatPanel } from './chat-panel';

export interface ChatModalProps {
  friendId: number;
  friendName: string;
  opened: boolean;
  onClose: () => void;
}

/** The chat on a wide screen: a modal over the page it was opened from. */
export function ChatModal({ friendId, friendName, opened, onClose }: ChatModalProps) {
  const { t } = useTranslation('chat');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title', { name: friendName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Mounted only while open: the conversation's subscription lives as long as the modal. */}
      {opened && (
        <ChatPanel friendId={friendId} friendName={friendName} height="min(70vh, 640px)" />
      )}
    </Modal>
  );
}
