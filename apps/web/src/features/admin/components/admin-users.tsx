import {
  Alert,
  Badge,
  Button,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { AdminUser } from '@fitcoach/shared/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../api/list-users';
import { AdminUserModal } from './admin-user-modal';
import { roleColour, statusColour, useRoleText, useStatusText } from './labels';
import { loadFailed } from '../../../lib/query-state';

/**
 * The members, searchable by name or email a page at a time; a member's name opens their
 * details and what an admin may do with the account. `selfId` is the signed-in admin.
 */
export function AdminUsers({ selfId }: { selfId: number }) {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const users = useAdminUsers(q);
  const [openId, setOpenId] = useState<number | null>(null);
  const roleText = useRoleText();
  const statusText = useStatusText();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const list = (() => {
    if (users.isPending) return <Loader aria-label={t('tabs.users')} />;
    if (loadFailed(users)) {
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('users.error')}
        </Alert>
      );
    }
    const members: AdminUser[] = users.data.pages.flatMap((page) => page.items);
    if (members.length === 0) return <Text>{t('users.empty')}</Text>;
    return (
      <>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('users.status')}</Table.Th>
                <Table.Th>{t('users.joined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => setOpenId(member.id)}
                      aria-label={t('users.view', { name: member.name })}
                    >
                      <Text span inherit td="underline">
                        {member.name}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{member.email}</Table.Td>
                  <Table.Td>
                    <Badge color={roleColour[member.role]} variant="light" tt="none">
                      {roleText(member.role)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColour[member.status]} variant="light" tt="none">
                      {statusText(member.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{dateFormat.format(new Date(member.created_at))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {users.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void users.fetchNextPage()}
            loading={users.isFetchingNextPage}
          >
            {t('users.more')}
          </Button>
        )}
      </>
    );
  })();

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list}
      {openId !== null && (
        <AdminUserModal userId={openId} selfId={selfId} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  );
}
