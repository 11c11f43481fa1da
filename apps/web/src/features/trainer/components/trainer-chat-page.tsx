import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconInfoCircle, IconPlus, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TrainerChatReply, TrainerThread } from '@fitcoach/shared/trainer';
import { hasVisibleText } from '@fitcoach/shared/text';
import { QUESTION_MAX } from '@fitcoach/shared/virtual-trainer';
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import {
  ShareWithFriendsModal,
  type FriendPicker,
} from '../../../components/share-with-friends-modal';
import { usePersona, usePersonas } from '../api/get-personas';
import { newClientRequestId, useTrainerReplyStream } from '../api/reply-stream';
import { useSendChat } from '../api/send-chat';
import { shareThread } from '../api/share-thread';
import { threadQueryOptions, useThread, useThreads } from '../api/threads';
import { Bubble } from './message-bubble';
import { ThreadSelect, ThreadSidebar } from './thread-list';
import { TrainerDetailsModal } from './trainer-details-modal';
import classes from './trainer-chat.module.css';

/** The exchange on its way: the question shown at once, the reply ('Thinking...') when it comes. */
interface Pending {
  question: string;
  reply: TrainerChatReply | null;
  /** Names the request on the member's TrainerChannel stream (`client_request_id`). */
  requestId: string;
  /** The reply's text as the model streams it over TrainerChannel. */
  streamed: string;
  failed: boolean;
}

/**
 * The trainer chat page: persona picker and details, example questions, the conversation with
 * its 'Thinking...' bubble, and the member's conversations (a sidebar, a select on phones).
 */
export function TrainerChatPage({
  initialThreadId = null,
  headerActions = null,
  friendPicker,
}: {
  initialThreadId?: number | null;
  /** Links the page that composes this one puts beside the title (the request form). */
  headerActions?: ReactNode;
  /** Where the share modal finds friends (the friends feature's search, from app/). */
  friendPicker: FriendPicker;
}) {
  const { t } = useTranslation('trainer');
  const queryClient = useQueryClient();
  const personas = usePersonas();
  const threads = useThreads();
  const [personaId, setPersonaId] = useState<number | null>(null);
  const [threadId, setThreadId] = useState<number | null>(initialThreadId);
  const thread = useThread(threadId);
  const [question, setQuestion] = useState('');
  const [emptyAlert, setEmptyAlert] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [sharing, setSharing] = useState<TrainerThread | null>(null);
  /** Said when the AI model failed and the last reply came from the coaching notes instead. */
  const [notice, setNotice] = useState<{ threadId: number; text: string } | null>(null);

  // The reply arrives token by token while the model writes it, a new thread's first one too
  // (the stream is the member's, tagged with the request's id); the HTTP reply (and then the
  // stored thread) replaces it, so a missed token costs nothing.
  const replyStream = useTrainerReplyStream((requestId, delta) =>
    setPending((p) =>
      p && p.requestId === requestId && !p.reply && !p.failed
        ? { ...p, streamed: p.streamed + delta }
        : p,
    ),
  );
  const [detailsOpen, details] = useDisclosure(false);
  // Sent once the stream is listening, so the first token is not missed.
  const send = useSendChat({ beforeSend: replyStream.whenReady });
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const chosenPersona =
    personaId ?? thread.data?.trainer_persona_id ?? personas.data?.items[0]?.id ?? null;
  const persona = usePersona(chosenPersona);
  const personaName =
    personas.data?.items.find((p) => p.id === chosenPersona)?.name ?? t('page.persona');

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [thread.data?.messages.length, pending]);

  function selectThread(id: number | null) {
    setThreadId(id);
    setPending(null);
    setNotice(null);
    setPersonaId(null);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = question.trim();
    if (!hasVisibleText(text)) {
      setEmptyAlert(true);
      inputRef.current?.focus();
      return;
    }
    if (send.isPending) return;
    setEmptyAlert(false);
    const requestId = newClientRequestId();
    setPending({ question: text, requestId, reply: null, streamed: '', failed: false });
    setQuestion('');
    send.mutate(
      {
        question: text,
        ...(chosenPersona !== null ? { trainer_persona_id: chosenPersona } : {}),
        ...(threadId !== null ? { thread_id: threadId } : {}),
        client_request_id: requestId,
      },
      {
        onSuccess: (reply) => {
          setPending({ question: text, requestId, reply, streamed: '', failed: false });
          setNotice(reply.notice ? { threadId: reply.thread_id, text: reply.notice } : null);
          setThreadId(reply.thread_id);
          // The kept conversation replaces the bubbles once it has loaded.
          void queryClient
            .fetchQuery(threadQueryOptions(reply.thread_id))
            .catch(() => undefined)
            .then(() => setPending((p) => (p?.reply === reply ? null : p)));
        },
        onError: () =>
          setPending({ question: text, requestId, reply: null, streamed: '', failed: true }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const messages = threadId !== null ? (thread.data?.messages ?? []) : [];
  const showExamples = threadId === null && pending === null;
  const threadItems = threads.data?.items ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        {headerActions}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }} visibleFrom="sm">
          <Card withBorder padding="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} size="h5">
                  {t('threads.title')}
                </Title>
              </Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => selectThread(null)}
              >
                {t('page.newThread')}
              </Button>
              {threads.isError ? (
                <LoadErrorAlert
                  title={t('threads.loadError')}
                  error={threads.error}
                  onRetry={() => void threads.refetch()}
                />
              ) : threads.isPending ? (
                <Loader size="xs" />
              ) : (
                <ThreadSidebar
                  threads={threadItems}
                  selectedId={threadId}
                  onSelect={selectThread}
                  onShare={setSharing}
                />
              )}
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Stack gap="md">
            <Box hiddenFrom="sm">
              <ThreadSelect
                threads={threadItems}
                selectedId={threadId}
                onSelect={selectThread}
                onShare={setSharing}
              />
            </Box>

            {personas.isError ? (
              <LoadErrorAlert
                title={t('page.personasError')}
                error={personas.error}
                onRetry={() => void personas.refetch()}
              />
            ) : (
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label={t('page.persona')}
                  placeholder={t('page.personaPlaceholder')}
                  data={(personas.data?.items ?? []).map((p) => ({
                    value: String(p.id),
                    label: p.name,
                  }))}
                  value={chosenPersona === null ? null : String(chosenPersona)}
                  onChange={(v) => v && setPersonaId(Number(v))}
                  allowDeselect={false}
                  style={{ flex: '1 1 220px' }}
                />
                <Button
                  variant="default"
                  leftSection={<IconInfoCircle size={16} />}
                  onClick={details.open}
                  disabled={chosenPersona === null}
                >
                  {t('page.details')}
                </Button>
              </Group>
            )}

            <Card withBorder padding="sm" className={classes.conversation}>
              <Title order={2} size="h5" mb="xs" id="trainer-conversation">
                {t('page.conversation')}
              </Title>
              <Stack
                gap="sm"
                role="log"
                aria-live="polite"
                aria-relevant="additions text"
                aria-labelledby="trainer-conversation"
              >
                {showExamples && (
                  <Stack gap="xs">
                    {persona.data && (
                      <Bubble role="trainer" name={persona.data.name}>
                        {persona.data.greeting}
                      </Bubble>
                    )}
                    {persona.data && persona.data.example_questions.length > 0 && (
                      <Stack gap={6}>
                        <Text size="sm" fw={600}>
                          {t('page.examples')}
                        </Text>
                        <Group gap={6}>
                          {persona.data.example_questions.map((q) => (
                            <Button
                              key={q}
                              variant="light"
                              size="xs"
                              radius="xl"
                              className={classes.example}
                              onClick={() => {
                                setQuestion(q);
                                setEmptyAlert(false);
                                inputRef.current?.focus();
                              }}
                            >
                              {q}
                            </Button>
                          ))}
                        </Group>
                      </Stack>
                    )}
                  </Stack>
                )}
                {thread.isError && threadId !== null && (
                  <LoadErrorAlert
                    title={t('page.loadError')}
                    error={thread.error}
                    onRetry={() => void thread.refetch()}
                  />
                )}
                {thread.isPending && threadId !== null && pending === null && <Loader size="sm" />}
                {messages.map((m) => (
                  <Bubble
                    key={m.id}
                    role={m.role}
                    citations={m.citations}
                    name={m.role === 'member' ? t('page.you') : personaName}
                  >
                    {m.body}
                  </Bubble>
                ))}
                {pending && (
                  <>
                    <Bubble role="member" name={t('page.you')}>
                      {pending.question}
                    </Bubble>
                    <Bubble
                      role="trainer"
                      name={personaName}
                      citations={pending.reply?.citations ?? []}
                    >
                      {pending.failed
                        ? t('page.failed')
                        : pending.reply
                          ? pending.reply.reply
                          : pending.streamed || t('page.thinking')}
                    </Bubble>
                    {pending.reply && pending.reply.remembered.length > 0 && (
                      <Text size="xs" c="dimmed" ta="center">
                        {t('page.remembered', {
                          facts: pending.reply.remembered.map((r) => r.fact).join('; '),
                        })}
                      </Text>
                    )}
                  </>
                )}
                {notice && notice.threadId === threadId && (
                  <Alert
                    color="yellow"
                    icon={<IconInfoCircle size={18} />}
                    title={t('model.fallbackTitle')}
                    role="status"
                  >
                    {notice.text}
                  </Alert>
                )}
                <div ref={endRef} />
              </Stack>
            </Card>

            <form onSubmit={submit} noValidate>
              <Stack gap="xs">
                {emptyAlert && (
                  <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
                    {t('page.emptyQuestion')}
                  </Alert>
                )}
                <Textarea
                  ref={inputRef}
                  label={t('page.question')}
                  description={t('page.questionHint')}
                  placeholder={t('page.questionPlaceholder')}
                  value={question}
                  onChange={(e) => setQuestion(e.currentTarget.value)}
                  onKeyDown={onKeyDown}
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={QUESTION_MAX}
                />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    leftSection={<IconSend size={16} />}
                    loading={send.isPending}
                  >
                    {t('page.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
        </Grid.Col>
      </Grid>

      <TrainerDetailsModal personaId={chosenPersona} opened={detailsOpen} onClose={details.close} />
      {sharing && (
        <ShareWithFriendsModal
          key={sharing.id}
          opened
          onClose={() => setSharing(null)}
          title={t('threads.shareTitle', { title: sharing.title })}
          hint={t('threads.shareHint')}
          friendPicker={friendPicker}
          send={(friendId) => shareThread({ friend_id: friendId, thread_id: sharing.id })}
        />
      )}
    </Stack>
  );
}
