import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { MemberSummary } from '@fitcoach/shared/friends';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { errorMessage } from '../../../lib/form-errors';
import { useShareDiet, type DietFriendPicker } from '../api/share-diet';

/** The spec's share modal (`POST /api/diet/share_diet`; status 200 → the success notice). */
export function ShareDietModal({
  opened,
  onClose,
  diet,
  friendPicker,
}: {
  opened: boolean;
  onClose: () => void;
  diet: { id: number; title: string };
  friendPicker: DietFriendPicker;
}) {
  const { t } = useTranslation(['diets', 'common']);
  const share = useShareDiet();
  const [chosen, setChosen] = useState<MemberSummary[]>([]);
  const friend = chosen[0];

  function close() {
    setChosen([]);
    share.reset();
    onClose();
  }

  function submit() {
    if (!friend) return;
    share.mutate(
      { friend_id: friend.id, diet_id: diet.id },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: result.message,
          });
          close();
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('share.title', { title: diet.title })} centered>
      <Stack gap="md">
        <EnhancedSelect<MemberSummary>
          label={t('share.friend')}
          placeholder={t('share.chooseFriend')}
          queryKey={friendPicker.queryKey}
          fetcher={friendPicker.search}
          getValue={(f) => String(f.id)}
          getLabel={(f) => f.name}
          value={chosen}
          onChange={setChosen}
        />
        <Text size="sm" c="dimmed">
          {t('share.hint')}
        </Text>
        {share.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(share.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:dialog.cancel')}
          </Button>
          <Button onClick={submit} disabled={!friend} loading={share.isPending}>
            {t('share.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
