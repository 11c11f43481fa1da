import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconChevronDown,
  IconDoorExit,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { TeamDetail } from '@fitcoach/shared/teams';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteTeam, useLeaveTeam } from '../api/team-actions';
import { EditTeamModal } from './edit-team-modal';

const LAST_OWNER_MODAL = 'team-last-owner';

/**
 * The team's own actions, in one menu beside its name: Edit team (owners and coaches), Leave
 * team (everyone; the only owner is told why not, as the server would), Delete team (owners).
 * Leaving or deleting asks first, then goes back to the list with a notice.
 */
export function TeamOptions({ team }: { team: TeamDetail }) {
  const { t } = useTranslation(['teams', 'common']);
  const navigate = useNavigate();
  const [editOpened, edit] = useDisclosure(false);
  const toList = () => navigate(paths.teams.href(), { replace: true });
  const deleteTeam = useDeleteTeam(team.id, toList);
  const leaveTeam = useLeaveTeam(team.id, team.my_user_id, toList);
  const isOwner = team.my_role === 'owner';
  const onlyOwner = isOwner && team.members.filter((m) => m.role === 'owner').length <= 1;

  /** Leaves or deletes, then (on the list, this page gone) says how it went. */
  function goOut(mutation: typeof deleteTeam, done: string, failedTitle: string) {
    void mutation.mutateAsync().then(
      () => notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: done }),
      (error: unknown) =>
        notifications.show({
          color: 'red',
          icon: <IconAlertCircle size={18} />,
          title: failedTitle,
          message: errorMessage(error),
        }),
    );
  }

  function confirmLeave() {
    if (onlyOwner) {
      modals.open({
        modalId: LAST_OWNER_MODAL,
        title: t('manage.lastOwnerTitle'),
        centered: true,
        children: (
          <Stack gap="md">
            <Text size="sm">{t('manage.lastOwnerBody')}</Text>
            <Group justify="flex-end">
              <Button data-autofocus onClick={() => modals.close(LAST_OWNER_MODAL)}>
                {t('manage.lastOwnerOk')}
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: t('manage.leaveTitle', { name: team.name }),
      centered: true,
      children: <Text size="sm">{t('manage.leaveBody')}</Text>,
      labels: { confirm: t('manage.leaveConfirm'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        goOut(leaveTeam, t('manage.left', { name: team.name }), t('manage.leaveFailed')),
    });
  }

  function confirmDelete() {
    modals.openConfirmModal({
      title: t('manage.deleteTitle', { name: team.name }),
      centered: true,
      children: <Text size="sm">{t('manage.deleteBody')}</Text>,
      labels: { confirm: t('manage.deleteConfirm'), cancel: t('common:dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        goOut(deleteTeam, t('manage.deleted', { name: team.name }), t('manage.deleteFailed')),
    });
  }

  return (
    <>
      <Menu position="bottom-start" shadow="md" width={220}>
        <Menu.Target>
          <Button
            variant="default"
            size="compact-sm"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={deleteTeam.isPending || leaveTeam.isPending}
          >
            {t('manage.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {team.can_manage && (
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={edit.open}>
              {t('manage.edit')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconDoorExit size={16} aria-hidden />} onClick={confirmLeave}>
            {t('manage.leave')}
          </Menu.Item>
          {isOwner && (
            <>
              <Menu.Divider />
              <Menu.Item
                color="var(--mantine-color-red-text)"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={confirmDelete}
              >
                {t('manage.delete')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {team.can_manage && (
        <EditTeamModal
          team={team}
          opened={editOpened}
          onClose={edit.close}
          onSaved={() =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: t('manage.saved'),
            })
          }
        />
      )}
    </>
  );
}
