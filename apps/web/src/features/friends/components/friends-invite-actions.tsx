import { Button, Group } from '@mantine/core';
import { IconFileImport, IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportContactsModal } from './import-contacts-modal';
import { InviteFriendModal } from './invite-friend-modal';

/**
 * The Friends page's header buttons: invite someone by email, or import a contacts file.
 * `onChanged` runs when requests went out (the page refetches its lists through its keys).
 */
export function FriendsInviteActions({ onChanged }: { onChanged?: () => void } = {}) {
  const { t } = useTranslation('friends-invite');
  const [open, setOpen] = useState<'invite' | 'import' | null>(null);
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconMailPlus size={18} />}
        onClick={() => setOpen('invite')}
      >
        {t('actions.invite')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} />}
        onClick={() => setOpen('import')}
      >
        {t('actions.import')}
      </Button>
      <InviteFriendModal
        opened={open === 'invite'}
        onClose={() => setOpen(null)}
        {...(onChanged ? { onChanged } : {})}
      />
      <ImportContactsModal
        opened={open === 'import'}
        onClose={() => setOpen(null)}
        {...(onChanged ? { onChanged } : {})}
      />
    </Group>
  );
}
