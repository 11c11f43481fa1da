import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconMessage } from '@tabler/icons-react';
import { LOG_COMMENT_MAX, type LogComment } from '@fitcoach/shared/coaching';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../components/member-avatar';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useAddLogComment } from '../api/log-comments';

export interface LogCommentThreadProps {
  logId: number;
  /** The log's title, to name the form for screen readers. */
  logTitle: string;
  comments: LogComment[];
  /** Whether the reader may write (the owner with an active coach, or the active coach). */
  canWrite: boolean;
  /** With no comments yet, the form hides behind a button (a page of many logs). */
  collapsedWhenEmpty?: boolean;
  /** Who writes: the button says "for your coach" to a member, "Add a comment" to a coach. */
  writer?: 'member' | 'coach';
}

/** The comments on one log between a member and their coach, oldest first, and a reply form. */
export function LogCommentThread({
  logId,
  logTitle,
  comments,
  canWrite,
  collapsedWhenEmpty = false,
  writer = 'member',
}: LogCommentThreadProps) {
  const { t } = useTranslation('coaching');
  const { date } = useFormat();
  const add = useAddLogComment(logId);
  const [body, setBody] = useState('');
  const [open, setOpen] = useState(!collapsedWhenEmpty || comments.length > 0);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  if (comments.length === 0 && !canWrite) return null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (text === '') {
      setError(t('comments.empty'));
      return;
    }
    if (text.length > LOG_COMMENT_MAX) {
      setError(t('comments.tooLong', { max: LOG_COMMENT_MAX }));
      return;
    }
    setError(null);
    add.mutate(text, { onSuccess: () => setBody('') });
  }

  // A comment that arrives live opens the thread.
  if (!open && comments.length === 0) {
    return (
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMessage size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          aria-label={t(writer === 'coach' ? 'comments.addLabel' : 'comments.openLabel', {
            title: logTitle,
          })}
        >
          {t(writer === 'coach' ? 'comments.add' : 'comments.open')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={t('comments.sectionLabel', { title: logTitle })}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        paddingTop: 'var(--mantine-spacing-sm)',
      }}
    >
      <Text size="sm" fw={700}>
        {t('comments.title', { count: comments.length })}
      </Text>
      {comments.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {comments.map((c) => (
            <Group component="li" key={c.id} gap="sm" align="flex-start" wrap="nowrap">
              <MemberAvatar name={c.author.name} avatarUrl={c.author.avatar_url} size={30} />
              <Stack gap={2} miw={0}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {c.mine ? t('comments.you') : c.author.name}
                  </Text>
                  {c.by_coach && (
                    <Badge size="xs" variant="light" color="violet">
                      {t('comments.coach')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" component="time" dateTime={c.created_at}>
                    {date(c.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {c.body}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {canWrite && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              id={fieldId}
              label={t('comments.label')}
              placeholder={t('comments.placeholder')}
              autosize
              minRows={2}
              maxRows={6}
              value={body}
              onChange={(event) => {
                setBody(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              description={t('comments.limit', { count: body.trim().length, max: LOG_COMMENT_MAX })}
            />
            {add.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(add.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" size="sm" loading={add.isPending}>
                {t('comments.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
