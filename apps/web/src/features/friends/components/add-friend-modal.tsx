import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MemberSearchResult, RelationshipResult } from '@fitcoach/shared/friends';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnhancedSelect } from '../../../components/enhanced-select/enhanced-select';
import { errorMessage } from '../../../lib/form-errors';
import { friendKeys } from '../api/keys';
import { useChangeRelationship } from '../api/relationship-actions';
import { searchMembers } from '../../../lib/member-search';
import { MemberAvatar } from '../../../components/member-avatar';

const fetchMembers = (q: string, cursor: string | null, signal?: AbortSignal) =>
  searchMembers('members', q, cursor, signal);

/** Find a member (by any part of the name, or an exact email) and send them a request. */
export function AddFriendModal({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: (result: RelationshipResult) => void;
}) {
  const { t } = useTranslation(['friends', 'common']);
  const [chosen, setChosen] = useState<MemberSearchResult[]>([]);
  const change = useChangeRelationship();
  const member = chosen[0];
  const canSend =
    member !== undefined && member.relationship !== 'friend' && member.relationship !== 'outgoing';

  function close() {
    setChosen([]);
    change.reset();
    onClose();
  }

  function send() {
    if (!member) return;
    change.mutate(
      { action: 'request', memberId: member.id },
      {
        onSuccess: (result) => {
          onDone(result);
          close();
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('add.title')} centered>
      <Stack gap="md">
        <EnhancedSelect<MemberSearchResult>
          label={t('add.member')}
          autoFocus
          placeholder={t('add.placeholder')}
          description={t('add.hint')}
          queryKey={friendKeys.search('members')}
          fetcher={fetchMembers}
          getValue={(m) => String(m.id)}
          getLabel={(m) => m.name}
          minInputLength={1}
          value={chosen}
          onChange={(items) => {
            setChosen(items);
            change.reset();
          }}
          renderOption={(m) => (
            <>
              <MemberAvatar name={m.name} avatarUrl={m.avatar_url} size={28} />
              <div>
                <Text size="sm">{m.name}</Text>
                <Text size="xs" c="dimmed">
                  {t(`add.relationship.${m.relationship}`)}
                </Text>
              </div>
            </>
          )}
        />
        {member && member.relationship !== 'none' && (
          <Text size="sm" c="dimmed">
            {t(`add.relationship.${member.relationship}`)}
          </Text>
        )}
        {change.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:dialog.cancel')}
          </Button>
          <Button onClick={send} disabled={!canSend} loading={change.isPending}>
            {t('add.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
