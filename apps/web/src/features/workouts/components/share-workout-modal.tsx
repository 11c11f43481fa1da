import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useFriends, useShareWorkout } from '../api/share-workout';

/** Share a workout with a friend (`POST /api/workout/share_workout`). */
export function ShareWorkoutModal({
  opened,
  onClose,
  workout,
}: {
  opened: boolean;
  onClose: () => void;
  workout: { id: number; title: string };
}) {
  const { t } = useTranslation(['workouts', 'common']);
  const friends = useFriends(opened);
  const share = useShareWorkout();
  const [friendId, setFriendId] = useState<string | null>(null);

  function submit() {
    if (!friendId) return;
    share.mutate(
      { friend_id: Number(friendId), workout_id: workout.id },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: result.message,
          });
          setFriendId(null);
          onClose();
        },
      },
    );
  }

  const list = friends.data?.items ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('share.title', { title: workout.title })}
      centered
    >
      <Stack gap="md">
        {friends.isPending ? (
          <Skeleton h={60} />
        ) : friends.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(friends.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Stack align="center" gap="xs" ta="center" py="md">
            <IconUsers size={36} aria-hidden />
            <Text fw={600}>{t('share.noFriends')}</Text>
            <Text size="sm" c="dimmed">
              {t('share.noFriendsHint')}
            </Text>
          </Stack>
        ) : (
          <>
            <Select
              label={t('share.friend')}
              placeholder={t('share.chooseFriend')}
              searchable
              nothingFoundMessage={t('noResults')}
              data={list.map((f) => ({ value: String(f.id), label: f.name }))}
              value={friendId}
              onChange={setFriendId}
            />
            {share.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(share.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:dialog.cancel')}
              </Button>
              <Button onClick={submit} disabled={!friendId} loading={share.isPending}>
                {t('share.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
