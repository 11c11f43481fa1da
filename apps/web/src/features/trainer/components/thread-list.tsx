import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import type { TrainerThread } from '@fitcoach/shared/trainer';
import { THREAD_TITLE_MAX } from '@fitcoach/shared/trainer';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteThread, useRenameThread } from '../api/threads';

export interface ThreadListProps {
  threads: TrainerThread[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Opens the share modal for a conversation (friends read it and may copy it). */
  onShare: (thread: TrainerThread) => void;
}

/** Rename and delete (asked again first) for one conversation. */
function useThreadActions(onDeleted: (id: number) => void) {
  const { t } = useTranslation('trainer');
  const remove = useDeleteThread();
  const [renaming, setRenaming] = useState<TrainerThread | null>(null);

  const confirmDelete = (thread: TrainerThread) =>
    modals.openConfirmModal({
      title: t('threads.deleteTitle', { title: thread.title }),
      centered: true,
      children: <Text size="sm">{t('threads.deleteBody')}</Text>,
      labels: { confirm: t('threads.deleteConfirm'), cancel: t('threads.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(thread.id, { onSuccess: () => onDeleted(thread.id) }),
    });

  return { renaming, setRenaming, confirmDelete };
}

function RenameForm({ thread, onClose }: { thread: TrainerThread; onClose: () => void }) {
  const { t } = useTranslation('trainer');
  const rename = useRenameThread();
  const [title, setTitle] = useState(thread.title);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate(
      { id: thread.id, title },
      { onSuccess: onClose, onError: (e) => setError(errorMessage(e)) },
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('threads.renameLabel')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={THREAD_TITLE_MAX}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('threads.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('threads.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenameModal({ thread, onClose }: { thread: TrainerThread | null; onClose: () => void }) {
  const { t } = useTranslation('trainer');
  return (
    <Modal opened={thread !== null} onClose={onClose} title={t('threads.renameTitle')} centered>
      {/* Keyed: each conversation's form starts from its own title. */}
      {thread && <RenameForm key={thread.id} thread={thread} onClose={onClose} />}
    </Modal>
  );
}

function ThreadMenu({
  thread,
  onRename,
  onShare,
  onDelete,
}: {
  thread: TrainerThread;
  onRename: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('trainer');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('threads.menu', { title: thread.title })}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
          {t('threads.rename')}
        </Menu.Item>
        <Menu.Item leftSection={<IconShare size={16} />} onClick={onShare}>
          {t('threads.share')}
        </Menu.Item>
        <Menu.Item
          color="var(--mantine-color-red-text)"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
        >
          {t('threads.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The conversations as a sidebar (wide screens). */
export function ThreadSidebar({ threads, selectedId, onSelect, onShare }: ThreadListProps) {
  const { t } = useTranslation('trainer');
  const actions = useThreadActions((id) => id === selectedId && onSelect(null));
  return (
    <Stack gap={4} component="nav" aria-label={t('threads.title')}>
      {threads.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('threads.empty')}
        </Text>
      )}
      {threads.map((thread) => (
        <Group key={thread.id} gap={2} wrap="nowrap">
          <NavLink
            component="button"
            type="button"
            label={thread.title}
            active={thread.id === selectedId}
            aria-current={thread.id === selectedId ? 'page' : undefined}
            onClick={() => onSelect(thread.id)}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 1, minWidth: 0 }}
          />
          <ThreadMenu
            thread={thread}
            onRename={() => actions.setRenaming(thread)}
            onShare={() => onShare(thread)}
            onDelete={() => actions.confirmDelete(thread)}
          />
        </Group>
      ))}
      <RenameModal thread={actions.renaming} onClose={() => actions.setRenaming(null)} />
    </Stack>
  );
}

/** The conversations as a select (phones), with the chosen one's menu beside it. */
export function ThreadSelect({ threads, selectedId, onSelect, onShare }: ThreadListProps) {
  const { t } = useTranslation('trainer');
  const actions = useThreadActions((id) => id === selectedId && onSelect(null));
  const selected = threads.find((th) => th.id === selectedId) ?? null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        label={t('threads.choose')}
        style={{ flex: 1, minWidth: 0 }}
        data={[
          { value: 'new', label: t('threads.newOption') },
          ...threads.map((th) => ({ value: String(th.id), label: th.title })),
        ]}
        value={selectedId === null ? 'new' : String(selectedId)}
        onChange={(value) => onSelect(!value || value === 'new' ? null : Number(value))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {selected && (
        <ThreadMenu
          thread={selected}
          onRename={() => actions.setRenaming(selected)}
          onShare={() => onShare(selected)}
          onDelete={() => actions.confirmDelete(selected)}
        />
      )}
      <RenameModal thread={actions.renaming} onClose={() => actions.setRenaming(null)} />
    </Group>
  );
}
