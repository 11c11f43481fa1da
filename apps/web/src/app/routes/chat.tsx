import { ActionIcon, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { idParam } from '@fitcoach/shared/pagination';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { chatMessagesQueryOptions } from '../../features/chat/api/list-messages';
import { ChatPanel } from '../../features/chat/components/chat-panel';

/** A conversation as a page of its own: how phones open it, and where a notification links. */
export function Component() {
  const { t } = useTranslation('chat');
  const parsed = idParam.safeParse(useParams().friendId);
  // A path that names no id is the 404 page, as for workouts.
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  const friendId = parsed.data;
  const navigate = useNavigate();
  // The friend's name comes with the history (the panel reads the same cached query).
  const { data } = useInfiniteQuery({
    ...chatMessagesQueryOptions(friendId),
    select: (history) => history.pages[0]?.friend.name,
  });
  return (
    <Stack gap="sm" maw={760}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('back')}
          onClick={() => {
            if (window.history.length > 1) void navigate(-1);
            else void navigate(paths.home.href());
          }}
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={1} size="h3">
          {data ? t('title', { name: data }) : t('pageTitle')}
        </Title>
      </Group>
      <ChatPanel
        key={friendId}
        friendId={friendId}
        friendName={data}
        height="calc(100dvh - var(--app-shell-header-offset, 0rem) - 9rem)"
      />
    </Stack>
  );
}
