import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconDownload } from '@tabler/icons-react';
import type { AdminUserDetail } from '@fitcoach/shared/admin';
import { roles, type Role } from '@fitcoach/shared/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { exportHref, useAdminUser } from '../api/get-user';
import { useDeleteUser, useUpdateUser, type UserAction } from '../api/update-user';
import { roleColour, statusColour, useRoleText, useStatusText } from './labels';
import { loadFailed } from '../../../lib/query-state';

interface AdminUserModalProps {
  userId: number;
  selfId: number;
  onClose: () => void;
}

/** One member: their facts and counts, and the admin's actions on the account. */
export function AdminUserModal({ userId, selfId, onClose }: AdminUserModalProps) {
  const { t } = useTranslation('admin');
  const user = useAdminUser(userId);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title={user.data?.name ?? t('tabs.users')}
      size="lg"
      fullScreen={phone === true}
    >
      {user.isPending ? (
        <Loader aria-label={t('tabs.users')} />
      ) : loadFailed(user) ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('users.detailError')}
        </Alert>
      ) : (
        <UserDetail user={user.data} isSelf={user.data.id === selfId} onDeleted={onClose} />
      )}
    </Modal>
  );
}

function UserDetail({
  user,
  isSelf,
  onDeleted,
}: {
  user: AdminUserDetail;
  isSelf: boolean;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const roleText = useRoleText();
  const statusText = useStatusText();
  const update = useUpdateUser(user.id);
  const remove = useDeleteUser(user.id);
  const [role, setRole] = useState<Role>(user.role);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  function run(action: UserAction, done: string) {
    update.mutate(action, {
      onSuccess: () =>
        notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: done }),
    });
  }

  function confirmSuspend() {
    modals.openConfirmModal({
      title: t('users.suspendTitle', { name: user.name }),
      children: <Text size="sm">{t('users.suspendText', { name: user.name })}</Text>,
      labels: { confirm: t('users.suspend'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => run({ kind: 'suspend' }, t('users.suspended', { name: user.name })),
    });
  }

  const emailMatches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const facts: [string, string][] = [
    [t('users.email'), user.email],
    [t('users.joined'), dateFormat.format(new Date(user.created_at))],
    [
      t('users.lastActive'),
      user.last_active_at ? dateFormat.format(new Date(user.last_active_at)) : t('users.never'),
    ],
    [t('users.counts.workouts'), String(user.counts.workouts)],
    [t('users.counts.workoutLogs'), String(user.counts.workout_logs)],
    [t('users.counts.friends'), String(user.counts.friends)],
    [t('users.counts.sessions'), String(user.counts.sessions)],
  ];

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={roleColour[user.role]} variant="light" tt="none">
          {roleText(user.role)}
        </Badge>
        <Badge color={statusColour[user.status]} variant="light" tt="none">
          {statusText(user.status)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ wordBreak: 'break-all' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {update.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <Divider />
      {isSelf ? (
        <Text size="sm">{t('users.you')}</Text>
      ) : (
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('users.role')}
              data={roles.map((value) => ({ value, label: roleText(value) }))}
              value={role}
              onChange={(value) => value && setRole(value)}
              allowDeselect={false}
              w={200}
            />
            <Button
              onClick={() =>
                run(
                  { kind: 'role', role },
                  t('users.roleChanged', { name: user.name, role: roleText(role) }),
                )
              }
              disabled={role === user.role}
              loading={update.isPending && update.variables.kind === 'role'}
            >
              {t('users.changeRole')}
            </Button>
          </Group>
          <Group gap="sm">
            {user.status === 'active' ? (
              <Button variant="outline" color="red" onClick={confirmSuspend}>
                {t('users.suspend')}
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() =>
                  run({ kind: 'reactivate' }, t('users.reactivated', { name: user.name }))
                }
              >
                {t('users.reactivate')}
              </Button>
            )}
            <Button
              component="a"
              href={exportHref(user.id)}
              download={`fitcoach-member-${user.id}.json`}
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('users.export')}
            </Button>
            <Button color="red" onClick={() => setDeleting(true)} disabled={deleting}>
              {t('users.delete')}
            </Button>
          </Group>
          {deleting && (
            <Stack
              gap="xs"
              component="section"
              aria-label={t('users.deleteTitle', { name: user.name })}
            >
              <Text fw={600}>{t('users.deleteTitle', { name: user.name })}</Text>
              <Text size="sm">{t('users.deleteText')}</Text>
              <TextInput
                label={t('users.deleteConfirmLabel')}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                maxLength={254}
                data-autofocus
              />
              {remove.isError && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {errorMessage(remove.error)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setDeleting(false)}>
                  {t('users.cancel')}
                </Button>
                <Button
                  color="red"
                  disabled={!emailMatches}
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(typed, {
                      onSuccess: () => {
                        notifications.show({
                          color: 'teal',
                          icon: <IconCheck size={18} />,
                          message: t('users.deleted', { name: user.name }),
                        });
                        onDeleted();
                      },
                    })
                  }
                >
                  {t('users.delete')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
