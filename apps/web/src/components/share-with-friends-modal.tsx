import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { MemberSummary } from '@fitcoach/shared/friends';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form-errors';
import { EnhancedSelect, type SearchFetcher } from './enhanced-select/enhanced-select';

/**
 * Where a share modal finds friends: the friends feature's search (its cache key and fetcher),
 * handed in by app/ (features do not import each other).
 */
export interface FriendPicker {
  queryKey: QueryKey;
  search: SearchFetcher<MemberSummary>;
}

/** What a share call answers (status 200 means success; `message` is the notice's text). */
export interface ShareResult {
  message: string;
}

export interface ShareWithFriendsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, e.g. “Share “Leg day””. */
  title: string;
  /** What sharing this gives the friend, under the picker. */
  hint: string;
  friendPicker: FriendPicker;
  /** Sends the share to the chosen friend (`POST /api/<thing>/share_<thing>`). */
  send: (friendId: number) => Promise<ShareResult>;
  /** Overrides of the common field and button labels. */
  labels?: Partial<{ friend: string; chooseFriend: string; submit: string }>;
}

/**
 * The spec's share modal, one for everything a member can share (workouts, diets, programs): a
 * friend picked by search, then the call; status 200 shows the success notice and closes, a
 * failure shows the error inside the dialog and keeps the choice.
 */
export function ShareWithFriendsModal({
  opened,
  onClose,
  title,
  hint,
  friendPicker,
  send,
  labels = {},
}: ShareWithFriendsModalProps) {
  const { t } = useTranslation('common');
  const share = useMutation({ mutationFn: send });
  const [chosen, setChosen] = useState<MemberSummary[]>([]);
  const friend = chosen[0];

  function close() {
    setChosen([]);
    share.reset();
    onClose();
  }

  function submit() {
    if (!friend) return;
    share.mutate(friend.id, {
      onSuccess: (result) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: result.message,
        });
        close();
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        <EnhancedSelect<MemberSummary>
          label={labels.friend ?? t('share.friend')}
          placeholder={labels.chooseFriend ?? t('share.chooseFriend')}
          queryKey={friendPicker.queryKey}
          fetcher={friendPicker.search}
          getValue={(f) => String(f.id)}
          getLabel={(f) => f.name}
          value={chosen}
          onChange={setChosen}
        />
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {share.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(share.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} disabled={!friend} loading={share.isPending}>
            {labels.submit ?? t('share.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
