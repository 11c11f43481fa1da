import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconPencil, IconUserMinus } from '@tabler/icons-react';
import type { TeamDetail, TeamMember } from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useRemoveMember } from '../api/team-actions';

/**
 * A roster row's actions for owners and coaches: edit the row (`onEdit`: the roster holds the
 * dialog), and remove the member after a confirmation. An owner is removed by another owner
 * only, and nobody removes themselves here (they leave from Team options), as the server rules.
 */
export function MemberActions({
  team,
  member,
  onEdit,
}: {
  team: TeamDetail;
  member: TeamMember;
  onEdit: (member: TeamMember) => void;
}) {
  const { t } = useTranslation(['teams', 'common']);
  const remove = useRemoveMember(team.id);
  if (!team.can_manage) return null;

  const removable =
    member.user_id !== team.my_user_id && (member.role !== 'owner' || team.my_role === 'owner');

  function confirmRemove() {
    modals.openConfirmModal({
      title: t('roster.removeTitle'),
      centered: true,
      children: <Text size="sm">{t('roster.removeBody', { name: member.name })}</Text>,
      labels: { confirm: t('roster.remove'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member.user_id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: t('roster.removed', { name: member.name }),
            }),
          onError: (err) =>
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              title: t('roster.removeFailed'),
              message: errorMessage(err),
            }),
        }),
    });
  }

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={() => onEdit(member)}
        aria-label={t('member.editLabel', { name: member.name })}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      {removable ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={confirmRemove}
          loading={remove.isPending}
          aria-label={t('roster.removeLabel', { name: member.name })}
        >
          <IconUserMinus size={18} aria-hidden />
        </ActionIcon>
      ) : (
        // Keeps the edit buttons in one column down the roster.
        <Box w={34} aria-hidden />
      )}
    </Group>
  );
}
