import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconDots, IconFlag, IconSend } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, CHAT_TYPING_SHOWN_MS, type ChatMessage } from '@fitcoach/shared/chat';
import { ReportModal } from '../../../components/report-modal';
import { useFormat } from '../../../i18n/format';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useChatChannel } from '../api/chat-channel';
import { messagesOldestFirst, useChatMessages } from '../api/list-messages';
import { useMarkChatRead } from '../api/mark-read';
import { useSendChatMessage } from '../api/send-message';
import { linkify } from '../utils/linkify';

/** Older messages load when the list is scrolled this close to its top. */
const LOAD_OLDER_WITHIN_PX = 50;

export interface ChatPanelProps {
  friendId: number;
  /** Known when opened from the friends list; otherwise read from the history's answer. */
  friendName?: string | undefined;
  /** The panel's height: the modal's share of the screen, or the phone page's. */
  height: string;
}

/** One conversation: history (older pages as you scroll up), live messages, typing, receipts. */
export function ChatPanel({ friendId, friendName, height }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const history = useChatMessages(friendId);
  const send = useSendChatMessage(friendId);
  const markRead = useMarkChatRead(friendId);
  const [draft, setDraft] = useState('');
  const [typingShown, setTypingShown] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastMarked = useRef(0);

  const name = friendName ?? history.data?.pages[0]?.friend.name ?? '';
  const messages = messagesOldestFirst(history.data);

  const hideTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    setTypingShown(false);
  };
  useEffect(() => hideTyping, []);

  const channel = useChatChannel(friendId, {
    onTyping() {
      setTypingShown(true);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(hideTyping, CHAT_TYPING_SHOWN_MS);
    },
    onMessage(message) {
      if (message.sender_id === friendId) hideTyping();
    },
  });

  // Marks what is shown read, while the page is visible (a chat in a background tab is not
  // read, and its sender is notified).
  const newestUnread = messages.reduce(
    (newest, m) =>
      m.sender_id === friendId && m.read_at === null ? Math.max(newest, m.id) : newest,
    0,
  );
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      if (newestUnread <= lastMarked.current) return;
      lastMarked.current = newestUnread;
      markReadUpTo(newestUnread);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestUnread, markReadUpTo]);

  // Keeps the newest message in view as messages come, unless the member scrolled up to read;
  // after older ones load above, keeps what they were reading where it was.
  const newestId = messages[messages.length - 1]?.id ?? 0;
  const oldestId = messages[0]?.id ?? 0;
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId, oldestId, typingShown]);

  const onScroll = ({ y }: { y: number }) => {
    const el = viewport.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.clientHeight - y < LOAD_OLDER_WITHIN_PX;
    if (y < LOAD_OLDER_WITHIN_PX && history.hasNextPage && !history.isFetchingNextPage) {
      heightBeforeOlder.current = el.scrollHeight;
      void history.fetchNextPage();
    }
  };

  const length = draft.trim().length;
  const tooLong = draft.length > CHAT_MESSAGE_MAX;
  const refused =
    channel.status === 'rejected' ||
    (history.error instanceof ApiError && history.error.status === 403);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (length === 0 || tooLong || send.isPending || refused) return;
    stickToBottom.current = true;
    send.mutate(draft, { onSuccess: () => setDraft('') });
  };

  // "Seen" goes under the last of my messages the friend has read.
  const lastSeenId = messages.reduce(
    (last, m) => (m.sender_id !== friendId && m.read_at !== null ? m.id : last),
    0,
  );

  return (
    <Stack gap="xs" h={height} mih={0}>
      {refused ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('friendsOnly')}>
          {t('friendsOnlyDetail')}
        </Alert>
      ) : history.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('loadError')}>
          {errorMessage(history.error)}
        </Alert>
      ) : null}

      <ScrollArea
        flex={1}
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        type="auto"
        offsetScrollbars
      >
        <Box
          component="section"
          aria-label={t('messagesWith', { name })}
          tabIndex={0}
          px="xs"
          py="xs"
        >
          {history.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          ) : (
            <Stack gap="xs">
              {history.isFetchingNextPage && (
                <Center>
                  <Loader size="xs" aria-label={t('loadingOlder')} />
                </Center>
              )}
              {!history.hasNextPage && messages.length > 0 && (
                <Text size="xs" c="dimmed" ta="center">
                  {t('start')}
                </Text>
              )}
              {messages.length === 0 && !history.isError && !refused && (
                <Text c="dimmed" ta="center" py="xl">
                  {t('empty', { name })}
                </Text>
              )}
              <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={message.sender_id !== friendId}
                    author={message.sender_id !== friendId ? t('you') : name}
                    seen={message.id === lastSeenId}
                  />
                ))}
              </Stack>
            </Stack>
          )}
        </Box>
      </ScrollArea>

      <Text size="sm" c="dimmed" aria-live="polite" mih="1.4em">
        {typingShown ? t('typing', { name }) : ''}
      </Text>

      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            flex={1}
            label={t('inputLabel')}
            placeholder={t('inputPlaceholder')}
            autosize
            minRows={1}
            maxRows={6}
            value={draft}
            disabled={refused}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              if (event.currentTarget.value.trim() !== '') channel.typing();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            description={t('counter', {
              count: draft.length,
              max: CHAT_MESSAGE_MAX,
            })}
            error={
              tooLong
                ? t('tooLong', { max: CHAT_MESSAGE_MAX })
                : send.error
                  ? errorMessage(send.error)
                  : undefined
            }
          />
          <ActionIcon
            type="submit"
            size="input-sm"
            mb={tooLong || send.error ? 26 : 0}
            aria-label={t('send')}
            loading={send.isPending}
            disabled={length === 0 || tooLong || refused}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('enterHint')}
        </Text>
      </form>
    </Stack>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
  author: string;
  seen: boolean;
}

/**
 * One message: mine on the right, theirs on the left; links clickable, everything else text.
 * Theirs have a menu to report them; one an admin removed says so instead of its text.
 */
function MessageBubble({ message, mine, author, seen }: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const { t: common } = useTranslation('common');
  const format = useFormat();
  const [reporting, setReporting] = useState(false);
  const sentToday = new Date(message.created_at).toDateString() === new Date().toDateString();
  const time = format.date(
    message.created_at,
    sentToday ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return (
    <Box component="li" style={{ alignSelf: mine ? 'flex-end' : 'flex-start' }} maw="85%">
      <Paper
        px="sm"
        py={6}
        radius="lg"
        withBorder={!mine}
        bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
      >
        {/* Not dimmed: grey on the tinted bubble falls short of AA contrast in the dark theme. */}
        <Text size="xs" fw={700}>
          {author}
        </Text>
        {message.removed ? (
          <Text size="sm" fs="italic">
            {t('removed')}
          </Text>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {linkify(message.body).map((part, index) =>
              part.kind === 'link' ? (
                <Anchor
                  key={index}
                  href={part.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  c="inherit"
                  underline="always"
                >
                  {part.text}
                </Anchor>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </Text>
        )}
      </Paper>
      <Group gap={6} justify={mine ? 'flex-end' : 'flex-start'} mt={2}>
        <Text size="xs" c="dimmed">
          <time dateTime={message.created_at}>{time}</time>
        </Text>
        {seen && (
          <Text size="xs" c="dimmed" fw={600}>
            {t('seen')}
          </Text>
        )}
        {!mine && !message.removed && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('messageMenu')}>
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setReporting(true)}>
                {common('report.action')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {reporting && (
        <ReportModal
          opened
          onClose={() => setReporting(false)}
          kind="message"
          targetId={message.id}
          authorName={author}
        />
      )}
    </Box>
  );
}
