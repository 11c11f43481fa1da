import { ActionIcon, Button, Card, Flex, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFlag, IconUserPlus } from '@tabler/icons-react';
import type { Friend, RelatedMember, RelationshipResult } from '@fitcoach/shared/friends';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ReportModal } from '../../../components/report-modal';
import { useFriendsOverview } from '../api/get-friends';
import { useChangeRelationship, type RelationshipAction } from '../api/relationship-actions';
import { useRelationshipUpdates } from '../api/relationships-channel';
import { ACTIVE_NOW_MS, timeAgo } from '../utils/last-active';
import { AddFriendModal } from './add-friend-modal';
import { FriendMenu } from './friend-menu';
import { MemberAvatar } from '../../../components/member-avatar';

export interface FriendsPanelProps {
  /**
   * More page actions beside "Add friend" (the invite, import and chat features add theirs
   * here; app/ composes them).
   */
  headerActions?: ReactNode;
  /** More buttons on each friend's row, before its menu (e.g. Chat). */
  friendActions?: (friend: Friend) => ReactNode;
}

/** The Friends page: friends, requests received and sent, and blocked members. */
export function FriendsPanel({ headerActions, friendActions }: FriendsPanelProps) {
  const { t, i18n } = useTranslation(['friends', 'common']);
  const overview = useFriendsOverview();
  // The member whose profile is being reported (friends, and strangers asking to be one).
  const [reporting, setReporting] = useState<{ id: number; name: string } | null>(null);
  useRelationshipUpdates();
  const change = useChangeRelationship();
  const [addOpened, addModal] = useDisclosure(false);

  const announce = (key: `done.${RelationshipAction | 'friend'}`, name: string) =>
    notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: t(key, { name }) });

  function act(action: RelationshipAction, member: { id: number; name: string }) {
    change.mutate(
      { action, memberId: member.id },
      {
        onSuccess: () => announce(`done.${action}`, member.name),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  }
  const busy = (memberId: number) => change.isPending && change.variables.memberId === memberId;

  const onAdded = (result: RelationshipResult) =>
    announce(result.relationship === 'friend' ? 'done.friend' : 'done.request', result.member.name);

  // Times are read from when the lists arrived: a render never reads the clock.
  const now = overview.dataUpdatedAt;
  const when = (iso: string) => timeAgo(iso, i18n.language, now);

  return (
    <Stack gap="lg" maw={960}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="md"
      >
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        {/* The page's actions: the invite, import and chat buttons join "Add friend" here. */}
        <Group gap="sm" wrap="wrap">
          {headerActions}
          <Button leftSection={<IconUserPlus size={18} />} onClick={addModal.open} size="md">
            {t('page.addFriend')}
          </Button>
        </Group>
      </Flex>

      {overview.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={72} />
          <Skeleton h={72} />
          <Skeleton h={72} />
        </Stack>
      ) : overview.isError ? (
        <LoadErrorAlert
          title={t('page.loadError')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <Section id="friends" title={t('sections.friends')} empty={t('empty.friends')}>
            {overview.data.friends.map((friend) => (
              <MemberRow
                key={friend.id}
                member={friend}
                detail={
                  friend.last_active_at === null
                    ? t('neverActive')
                    : now - new Date(friend.last_active_at).getTime() < ACTIVE_NOW_MS
                      ? t('activeNow')
                      : t('lastActive', { when: when(friend.last_active_at) })
                }
              >
                {friendActions?.(friend)}
                <FriendMenu
                  name={friend.name}
                  onRemove={() => act('remove', friend)}
                  onBlock={() => act('block', friend)}
                  onReport={() => setReporting(friend)}
                />
              </MemberRow>
            ))}
          </Section>
          <Section id="incoming" title={t('sections.incoming')} empty={t('empty.incoming')}>
            {overview.data.incoming.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                detail={t('requestedOn', { when: when(member.since) })}
              >
                <Button size="xs" onClick={() => act('accept', member)} loading={busy(member.id)}>
                  {t('actions.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => act('decline', member)}
                  disabled={busy(member.id)}
                >
                  {t('actions.decline')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setReporting(member)}
                  aria-label={t('common:report.titleProfile', { name: member.name })}
                >
                  <IconFlag size={16} />
                </ActionIcon>
              </MemberRow>
            ))}
          </Section>
          <Section id="outgoing" title={t('sections.outgoing')} empty={t('empty.outgoing')}>
            {overview.data.outgoing.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                detail={t('requestedOn', { when: when(member.since) })}
              >
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => act('cancel', member)}
                  loading={busy(member.id)}
                >
                  {t('actions.cancel')}
                </Button>
              </MemberRow>
            ))}
          </Section>
          <Section id="blocked" title={t('sections.blocked')} empty={t('empty.blocked')}>
            {overview.data.blocked.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                detail={t('blockedOn', { when: when(member.since) })}
              >
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => act('unblock', member)}
                  loading={busy(member.id)}
                >
                  {t('actions.unblock')}
                </Button>
              </MemberRow>
            ))}
          </Section>
        </>
      )}

      <AddFriendModal opened={addOpened} onClose={addModal.close} onDone={onAdded} />
      {reporting && (
        <ReportModal
          opened
          onClose={() => setReporting(null)}
          kind="profile"
          targetId={reporting.id}
          authorName={reporting.name}
        />
      )}
    </Stack>
  );
}

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  const titleId = `friends-${id}-title`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function MemberRow({
  member,
  detail,
  children,
}: {
  member: Friend | RelatedMember;
  detail: string;
  children: ReactNode;
}) {
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <MemberAvatar name={member.name} avatarUrl={member.avatar_url} />
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {member.name}
            </Text>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Card>
  );
}
