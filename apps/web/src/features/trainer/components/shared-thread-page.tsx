import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCopy, IconMessageCircle } from '@tabler/icons-react';
import type { TrainerThreadDetail } from '@fitcoach/shared/trainer';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/form-errors';
import { useCopyThread } from '../api/copy-thread';
import { usePersonas } from '../api/get-personas';
import { useThread } from '../api/threads';
import { Bubble } from './message-bubble';
import classes from './trainer-chat.module.css';
import { loadFailed } from '../../../lib/query-state';

/**
 * A trainer conversation read-only: the questions, the replies and the entries they cited. One a
 * friend shared can be copied into the member's own conversations, where it goes on; the
 * member's own opens in the chat.
 */
export function SharedThreadPage({
  id,
  chatHref,
  onCopied,
}: {
  id: number;
  /** Where one of the member's own conversations opens to go on with it. */
  chatHref: (threadId: number) => string;
  /** Where the member's new copy opens. */
  onCopied: (copy: TrainerThreadDetail) => void;
}) {
  const { t } = useTranslation('trainer');
  const thread = useThread(id);
  const personas = usePersonas();
  const copy = useCopyThread();

  if (loadFailed(thread)) {
    return (
      <LoadErrorAlert
        title={t('page.loadError')}
        error={thread.error}
        onRetry={() => void thread.refetch()}
      />
    );
  }
  if (thread.isPending) return <Loader size="sm" aria-label={t('shared.loading')} />;

  const th = thread.data;
  const personaName =
    personas.data?.items.find((p) => p.id === th.trainer_persona_id)?.name ?? t('page.persona');
  const askerName = th.is_mine ? t('page.you') : th.owner.name;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {th.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t('shared.with', { name: personaName })}</Badge>
          {!th.is_mine && (
            <Badge variant="light" color="grape">
              {t('shared.by', { name: th.owner.name })}
            </Badge>
          )}
        </Group>
        {!th.is_mine && (
          <Text size="sm" c="dimmed">
            {t('shared.readOnly', { name: th.owner.name })}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          {th.is_mine ? (
            <Button
              component={Link}
              to={chatHref(th.id)}
              leftSection={<IconMessageCircle size={16} aria-hidden />}
            >
              {t('shared.open')}
            </Button>
          ) : (
            <Button
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={copy.isPending}
              onClick={() => copy.mutate(th.id, { onSuccess: onCopied })}
            >
              {t('shared.copy')}
            </Button>
          )}
        </Group>
        {copy.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(copy.error)}
          </Alert>
        )}
      </Stack>

      <Card withBorder padding="sm" className={classes.conversation}>
        <Title order={2} size="h5" mb="xs" id="shared-conversation">
          {t('page.conversation')}
        </Title>
        <Stack gap="sm" role="log" aria-labelledby="shared-conversation">
          {th.messages.map((m) => (
            <Bubble
              key={m.id}
              role={m.role}
              citations={m.citations}
              name={m.role === 'member' ? askerName : personaName}
            >
              {m.body}
            </Bubble>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
