import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  MEMORY_FACT_MAX,
  memoryKinds,
  type MemoryKind,
  type TrainerMemory,
} from '@fitcoach/shared/trainer';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteMemory, useMemory, useUpdateMemory } from '../api/memory';

const KIND_COLORS: Record<MemoryKind, string> = {
  injury: 'red',
  equipment: 'blue',
  goal: 'teal',
  dislike: 'orange',
  other: 'gray',
};

function MemoryEditor({ memory, onDone }: { memory: TrainerMemory; onDone: () => void }) {
  const { t } = useTranslation('trainer');
  const update = useUpdateMemory();
  const [kind, setKind] = useState<MemoryKind>(memory.kind);
  const [fact, setFact] = useState(memory.fact);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: memory.id, kind, fact },
      { onSuccess: onDone, onError: (e) => setError(errorMessage(e)) },
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            label={t('memory.kind')}
            data={memoryKinds.map((k) => ({ value: k, label: t(`memory.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v)}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={t('memory.fact')}
            value={fact}
            onChange={(e) => setFact(e.currentTarget.value)}
            maxLength={MEMORY_FACT_MAX}
            error={error}
            required
            style={{ flex: '1 1 220px' }}
            data-autofocus
          />
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('memory.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('memory.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the trainer remembers, on the profile page: each fact can be corrected or forgotten. */
export function MemoryList() {
  const { t } = useTranslation('trainer');
  const memory = useMemory();
  const remove = useDeleteMemory();
  const [editing, setEditing] = useState<number | null>(null);

  const confirmDelete = (m: TrainerMemory) =>
    modals.openConfirmModal({
      title: t('memory.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('memory.deleteBody', { fact: m.fact })}</Text>,
      labels: { confirm: t('memory.deleteConfirm'), cancel: t('memory.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(m.id),
    });

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h4">
          {t('memory.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('memory.intro')}
        </Text>
      </Stack>
      {memory.isPending ? (
        <Loader size="sm" />
      ) : memory.isError ? (
        <LoadErrorAlert
          title={t('memory.loadError')}
          error={memory.error}
          onRetry={() => void memory.refetch()}
        />
      ) : memory.data.items.length === 0 ? (
        <Text size="sm">{t('memory.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {memory.data.items.map((m) => (
            <li key={m.id}>
              {editing === m.id ? (
                <MemoryEditor memory={m} onDone={() => setEditing(null)} />
              ) : (
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge color={KIND_COLORS[m.kind]} variant="light" style={{ flexShrink: 0 }}>
                      {t(`memory.kinds.${m.kind}`)}
                    </Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {m.fact}
                    </Text>
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('memory.editLabel', { fact: m.fact })}
                      onClick={() => setEditing(m.id)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('memory.deleteLabel', { fact: m.fact })}
                      onClick={() => confirmDelete(m)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
