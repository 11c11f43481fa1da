import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { CoachClient } from '@fitcoach/shared/coaching';
import type { MemberSearchResult } from '@fitcoach/shared/friends';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { errorMessage } from '../../../lib/form-errors';
import { searchAllMembers } from '../../../lib/member-search';
import { useInviteClient } from '../api/coach-actions';
import { coachingKeys } from '../api/keys';
import { MemberAvatar } from '../../../components/member-avatar';

/** Find a member (by name or exact email) and invite them to be coached. */
export function InviteClientModal({
  opened,
  onClose,
  onInvited,
}: {
  opened: boolean;
  onClose: () => void;
  onInvited: (client: CoachClient) => void;
}) {
  const { t } = useTranslation(['coaching', 'common']);
  const [chosen, setChosen] = useState<MemberSearchResult[]>([]);
  const invite = useInviteClient();
  const member = chosen[0];

  function close() {
    setChosen([]);
    invite.reset();
    onClose();
  }

  function send() {
    if (!member) return;
    invite.mutate(member.id, {
      onSuccess: (client) => {
        onInvited(client);
        close();
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('invite.intro')}
        </Text>
        <EnhancedSelect<MemberSearchResult>
          label={t('invite.member')}
          autoFocus
          placeholder={t('invite.placeholder')}
          description={t('invite.hint')}
          queryKey={coachingKeys.memberSearch()}
          fetcher={searchAllMembers}
          getValue={(m) => String(m.id)}
          getLabel={(m) => m.name}
          minInputLength={1}
          value={chosen}
          onChange={(items) => {
            setChosen(items);
            invite.reset();
          }}
          renderOption={(m) => (
            <>
              <MemberAvatar name={m.name} avatarUrl={m.avatar_url} size={28} />
              <Text size="sm">{m.name}</Text>
            </>
          )}
        />
        {invite.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(invite.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:dialog.cancel')}
          </Button>
          <Button onClick={send} disabled={!member} loading={invite.isPending}>
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
