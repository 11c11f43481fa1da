import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { adminTabs, type AdminTab } from '@fitcoach/shared/admin';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { AuditLog } from '../../features/admin/components/audit-log';
import { AdminContent } from '../../features/content/components/admin-content';
import { meQueryOptions, useMe } from '../../features/auth/api/get-me';
import { MailOutbox } from '../../features/mail/components/mail-outbox';
import { AnnouncementModal } from '../../features/notifications/components/announcement-modal';
import { ModerationQueue } from '../../features/reports/components/moderation-queue';
import { SystemStatus } from '../../features/system/components/system-status';
import { queryClient } from '../query-client';

/** Admins only: anyone else is sent home (the API refuses them with 403 too). */
export async function loader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.user?.role !== 'admin') return redirect(paths.home.href());
  return null;
}

/** The tab a URL hash names (`#audit`), or the first. */
export function tabFromHash(hash: string): AdminTab {
  const name = hash.replace(/^#/, '');
  return (adminTabs as readonly string[]).includes(name) ? (name as AdminTab) : 'users';
}

/**
 * The admin area: the spec's pill tabs. The tab named in the URL hash opens on load; showing a
 * tab pushes its hash, so back and forward walk the tabs. Only the shown tab is mounted (and
 * so loads its data).
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const tab = tabFromHash(location.hash);
  const [announcing, announcement] = useDisclosure(false);

  // A missing or unknown hash shows the first tab: the URL says so too (replaced, so back
  // still leaves the page in one step).
  useEffect(() => {
    if (location.hash !== `#${tab}`) void navigate({ hash: `#${tab}` }, { replace: true });
  }, [location.hash, tab, navigate]);

  const label = (name: AdminTab) => {
    switch (name) {
      case 'users':
        return t('tabs.users');
      case 'content':
        return t('tabs.content');
      case 'moderation':
        return t('tabs.moderation');
      case 'announcements':
        return t('tabs.announcements');
      case 'mail':
        return t('tabs.mail');
      case 'audit':
        return t('tabs.audit');
      case 'system':
        return t('tabs.system');
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <Tabs
        variant="pills"
        value={tab}
        onChange={(value) => {
          if (value && value !== tab) void navigate({ hash: `#${value}` });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabsLabel')} mb="md">
          {adminTabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {label(name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="users">
          <AdminUsers selfId={me.data?.user?.id ?? 0} />
        </Tabs.Panel>
        <Tabs.Panel value="content">
          <AdminContent />
        </Tabs.Panel>
        <Tabs.Panel value="moderation">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('tabs.moderation')}
            </Title>
            <ModerationQueue />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="announcements">
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3">
              {t('tabs.announcements')}
            </Title>
            <Text>{t('announcements.intro')}</Text>
            <Button leftSection={<IconSpeakerphone size={16} />} onClick={announcement.open}>
              {t('announcements.write')}
            </Button>
            <AnnouncementModal opened={announcing} onClose={announcement.close} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="mail">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('tabs.mail')}
            </Title>
            <MailOutbox />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('tabs.audit')}
            </Title>
            <AuditLog />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="system">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('tabs.system')}
            </Title>
            <SystemStatus />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export const Component = AdminPage;
