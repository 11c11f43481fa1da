import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconHeart, IconHeartFilled, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { COMMENT_MAX, type FeedComment, type FeedEntry } from '@fitcoach/shared/feed';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useGiveKudos } from '../api/give-kudos';
import { loadFailed } from '../../../lib/query-state';

function CommentLine({ comment }: { comment: FeedComment }) {
  const { t } = useTranslation('feed');
  const remove = useDeleteComment();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Avatar src={comment.author.avatar_url} name={comment.author.name} size="sm" alt="" />
      <Stack gap={0} flex={1} miw={0}>
        <Text size="sm" fw={600}>
          {comment.author.name}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      </Stack>
      {comment.can_delete && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('comments.delete')}
          loading={remove.isPending}
          onClick={() => remove.mutate({ id: comment.id, logId: comment.log_id })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Every comment of an entry, oldest first, read when the member opens them. */
function AllComments({ logId }: { logId: number }) {
  const { t } = useTranslation('feed');
  const comments = useComments(logId, true);
  if (comments.isPending) return <Text size="sm">{t('comments.loading')}</Text>;
  if (loadFailed(comments)) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(comments.error)}
      </Text>
    );
  }
  const all = comments.data.pages.flatMap((p) => p.items).reverse();
  return (
    <Stack gap="xs">
      {comments.hasNextPage && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void comments.fetchNextPage()}
        >
          {t('comments.older')}
        </Anchor>
      )}
      {all.map((c) => (
        <CommentLine key={c.id} comment={c} />
      ))}
    </Stack>
  );
}

function CommentBox({ logId }: { logId: number }) {
  const { t } = useTranslation('feed');
  const add = useAddComment();
  const [body, setBody] = useState('');
  const [expanded, setExpanded] = useState(false);
  const trimmed = body.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    add.mutate(
      { logId, body: trimmed },
      {
        onSuccess: () => {
          setBody('');
          setExpanded(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label={t('comments.label')}
          placeholder={t('comments.placeholder')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onFocus={() => setExpanded(true)}
          autosize
          minRows={expanded ? 2 : 1}
          maxRows={6}
          maxLength={COMMENT_MAX}
          error={add.isError ? errorMessage(add.error) : undefined}
        />
        {expanded && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('comments.remaining', { count: COMMENT_MAX - body.length })}
            </Text>
            <Button type="submit" size="xs" loading={add.isPending} disabled={!trimmed}>
              {t('comments.send')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** One completed workout: who, what and when, its numbers and badges, kudos and comments. */
export function FeedEntryCard({ entry }: { entry: FeedEntry }) {
  const { t } = useTranslation('feed');
  const format = useFormat();
  const kudos = useGiveKudos();
  const [showAll, setShowAll] = useState(false);
  const name = entry.member.name;
  const numbers = [
    entry.duration_seconds ? format.duration(entry.duration_seconds) : null,
    entry.total_volume > 0
      ? t('entry.volume', {
          volume: format.number(entry.total_volume, { maximumFractionDigits: 0 }),
          unit: entry.weight_unit,
        })
      : null,
  ].filter((v): v is string => v !== null);
  const details = [format.date(entry.performed_on), ...numbers].join(' · ');

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={entry.mine ? t('entry.labelYours') : t('entry.label', { name })}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={entry.member.avatar_url} name={entry.member.name} alt="" />
          <Stack gap={2} miw={0}>
            <Text fw={600}>
              {entry.mine
                ? t('entry.completedByYou', { title: entry.title })
                : t('entry.completed', { name, title: entry.title })}
            </Text>
            <Text size="sm" c="dimmed">
              {details}
            </Text>
          </Stack>
        </Group>
        {entry.achievements.length > 0 && (
          <Group gap="xs">
            {entry.achievements.map((a) => (
              <Badge
                key={a.header}
                variant="light"
                size="lg"
                leftSection={<Image src={a.img} alt="" w={18} h={18} />}
                title={a.details}
              >
                {a.header}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="xs">
          <Button
            variant={entry.kudos_given ? 'filled' : 'light'}
            size="xs"
            aria-pressed={entry.kudos_given}
            leftSection={
              entry.kudos_given ? (
                <IconHeartFilled size={16} aria-hidden />
              ) : (
                <IconHeart size={16} aria-hidden />
              )
            }
            onClick={() => kudos.mutate({ logId: entry.id, given: !entry.kudos_given })}
          >
            {t('entry.kudos', { count: entry.kudos_count })}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconMessageCircle size={16} aria-hidden />}
            aria-expanded={showAll}
            onClick={() => setShowAll((v) => !v)}
          >
            {t('entry.comments', { count: entry.comment_count })}
          </Button>
        </Group>
        {showAll ? (
          <AllComments logId={entry.id} />
        ) : (
          entry.comments.length > 0 && (
            <Stack gap="xs">
              {entry.comments.map((c) => (
                <CommentLine key={c.id} comment={c} />
              ))}
            </Stack>
          )
        )}
        <CommentBox logId={entry.id} />
      </Stack>
    </Card>
  );
}
