import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconVideo,
} from '@tabler/icons-react';
import {
  contentKinds,
  contentStatuses,
  type ContentKind,
  type ContentStatus,
} from '@fitcoach/shared/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/form-errors';
import { useContentAction, type ContentAction, type Removal } from '../api/content-actions';
import { useContentList, type ContentItem, type ContentItems } from '../api/list-content';
import { CopyToLibraryForm } from './copy-to-library-form';
import { ExerciseForm } from './exercise-form';
import { FoodForm } from './food-form';
import { PersonaForm } from './persona-form';
import { TagForm } from './tag-form';
import { loadFailed } from '../../../lib/query-state';

/** An item's name as lists show it (a workout has a title). */
export const itemName = (item: ContentItem) => ('title' in item ? item.title : item.name);

/**
 * The admin area's Content tab: the library's exercises, library workouts, foods, trainer
 * personas and tags, each searchable a page at a time, created, edited, retired, restored and
 * deleted (when nothing uses them; retired otherwise).
 */
export function AdminContent() {
  const { t } = useTranslation('content');
  const [kind, setKind] = useState<ContentKind>('exercises');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      <Chip.Group value={kind} onChange={(value) => setKind(value)}>
        <Group gap="xs" role="radiogroup" aria-label={t('kindsLabel')}>
          {contentKinds.map((k) => (
            <Chip key={k} value={k} variant="light">
              {t(`kinds.${k}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {/* Keyed: another kind starts with its own search and status. */}
      <KindPanel key={kind} kind={kind} />
    </Stack>
  );
}

type Editing = { item: ContentItem | null } | null;

function KindPanel({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('content');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<ContentStatus>('active');
  const list = useContentList(kind, { q, status });
  const [editing, setEditing] = useState<Editing>(null);
  const phone = useMediaQuery('(max-width: 36em)');

  const items: ContentItem[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  const body = (() => {
    if (list.isPending) return <Loader aria-label={t(`kinds.${kind}`)} />;
    if (loadFailed(list)) {
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('list.error')}
        </Alert>
      );
    }
    if (items.length === 0) return <Text>{t('list.empty')}</Text>;
    return (
      <>
        {phone ? (
          <Stack
            gap="xs"
            component="ul"
            aria-label={t(`kinds.${kind}`)}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {items.map((item) => (
              <ItemCard key={item.id} kind={kind} item={item} onEdit={() => setEditing({ item })} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label={t(`kinds.${kind}`)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.details')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th>{t('list.inUse')}</Table.Th>
                  <Table.Th>{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <ItemRow
                    key={item.id}
                    kind={kind}
                    item={item}
                    onEdit={() => setEditing({ item })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('list.more')}
          </Button>
        )}
      </>
    );
  })();

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t('list.search', { kind: t(`kinds.${kind}`) })}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('list.show')}
          data={contentStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={status}
          onChange={(value) => value && setStatus(value)}
          allowDeselect={false}
          w={160}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
          {t(`${kind}.new`)}
        </Button>
      </Group>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.item ? t(`${kind}.edit`, { name: itemName(editing.item) }) : t(`${kind}.new`)
        }
        size="xl"
        fullScreen={phone}
      >
        {editing && (
          <KindForm
            kind={kind}
            item={editing.item}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function KindForm({
  kind,
  item,
  onDone,
  onCancel,
}: {
  kind: ContentKind;
  item: ContentItem | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  switch (kind) {
    case 'exercises':
      return (
        <ExerciseForm
          item={item as ContentItems['exercises'] | null}
          onDone={onDone}
          onCancel={onCancel}
        />
      );
    case 'foods':
      return (
        <FoodForm item={item as ContentItems['foods'] | null} onDone={onDone} onCancel={onCancel} />
      );
    case 'personas':
      return (
        <PersonaForm
          item={item as ContentItems['personas'] | null}
          onDone={onDone}
          onCancel={onCancel}
        />
      );
    case 'tags':
      return (
        <TagForm item={item as ContentItems['tags'] | null} onDone={onDone} onCancel={onCancel} />
      );
    case 'workouts':
      // A library workout is edited in the builder; "new" copies one the admin built there.
      return <CopyToLibraryForm onDone={onDone} onCancel={onCancel} />;
  }
}

/** What a row says of its item besides its name. */
function useDetails() {
  const { t } = useTranslation(['content', 'exercises', 'workouts']);
  return (kind: ContentKind, item: ContentItem): string => {
    switch (kind) {
      case 'exercises': {
        const e = item as ContentItems['exercises'];
        return e.kind === 'timed'
          ? t('exercises:kind.timedWith', {
              duration: t('exercises:duration.seconds', { seconds: e.default_duration_seconds }),
            })
          : t('exercises:kind.reps');
      }
      case 'workouts': {
        const w = item as ContentItems['workouts'];
        return t('content:workouts.summary', {
          level: t(`workouts:levels.${w.level}`),
          count: w.exercise_count,
        });
      }
      case 'foods': {
        const f = item as ContentItems['foods'];
        return t('content:foods.summary', {
          category: t(`content:foods.categories.${f.category}`),
          kcal: f.kcal,
        });
      }
      case 'personas':
        return (item as ContentItems['personas']).specialty;
      case 'tags':
        return (item as ContentItems['tags']).slug;
    }
  };
}

/** The name cell: the name, and a mark when an exercise has its demo video. */
function NameText({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const { t } = useTranslation('content');
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={500}>{itemName(item)}</Text>
      {kind === 'exercises' && (item as ContentItems['exercises']).has_video && (
        <IconVideo size={16} aria-label={t('video.has')} role="img" />
      )}
    </Group>
  );
}

function StatusBadge({ item }: { item: ContentItem }) {
  const { t } = useTranslation('content');
  const retired = item.retired_at !== null;
  return (
    <Badge color={retired ? 'gray' : 'teal'} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {retired ? t('badge.retired') : t('badge.active')}
    </Badge>
  );
}

/** Edit, retire or restore, and delete (or retire when used), each said with the item's name. */
function ItemActions({
  kind,
  item,
  onEdit,
}: {
  kind: ContentKind;
  item: ContentItem;
  onEdit: () => void;
}) {
  const { t } = useTranslation(['content', 'common']);
  const act = useContentAction(kind);
  const name = itemName(item);
  const retired = item.retired_at !== null;

  function run(action: ContentAction) {
    act.mutate(
      { id: item.id, action },
      {
        onSuccess: (answer) => {
          const said =
            action === 'retire'
              ? 'retired'
              : action === 'restore'
                ? 'restored'
                : (answer as Removal<ContentKind>).outcome === 'deleted'
                  ? 'deleted'
                  : 'retiredInstead';
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: t(`content:outcome.${said}`, { name }),
          });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            icon: <IconAlertCircle size={18} />,
            title: t('content:outcome.failed'),
            message: errorMessage(error),
          }),
      },
    );
  }

  function confirmRemove() {
    modals.openConfirmModal({
      title: t('content:remove.title', { name }),
      centered: true,
      children: (
        <Text size="sm">
          {item.in_use > 0
            ? t('content:remove.inUse', { count: item.in_use })
            : t('content:remove.unused')}
        </Text>
      ),
      labels: {
        confirm: item.in_use > 0 ? t('content:actions.retire') : t('content:actions.delete'),
        cancel: t('common:dialog.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => run('remove'),
    });
  }

  return (
    <Group gap={4}>
      {kind === 'workouts' ? (
        <Anchor
          component={Link}
          to={paths.builder.href({ action: 'update', workoutId: item.id })}
          size="sm"
          aria-label={t('content:actions.editNamed', { name })}
        >
          {t('content:actions.editInBuilder')}
        </Anchor>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={onEdit}
          aria-label={t('content:actions.editNamed', { name })}
        >
          {t('content:actions.edit')}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        color={retired ? 'teal' : 'orange'}
        leftSection={
          retired ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />
        }
        loading={act.isPending && act.variables.action !== 'remove'}
        onClick={() => run(retired ? 'restore' : 'retire')}
        aria-label={t(retired ? 'content:actions.restoreNamed' : 'content:actions.retireNamed', {
          name,
        })}
      >
        {retired ? t('content:actions.restore') : t('content:actions.retire')}
      </Button>
      {/* A retired item that is used can go no further: it is kept for what uses it. */}
      {!(retired && item.in_use > 0) && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={act.isPending && act.variables.action === 'remove'}
          onClick={confirmRemove}
          aria-label={t('content:actions.deleteNamed', { name })}
        >
          {t('content:actions.delete')}
        </Button>
      )}
    </Group>
  );
}

function ItemRow({
  kind,
  item,
  onEdit,
}: {
  kind: ContentKind;
  item: ContentItem;
  onEdit: () => void;
}) {
  const details = useDetails();
  return (
    <Table.Tr>
      <Table.Td>
        <NameText kind={kind} item={item} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {details(kind, item)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge item={item} />
      </Table.Td>
      <Table.Td>{item.in_use}</Table.Td>
      <Table.Td>
        <ItemActions kind={kind} item={item} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A phone's row: the same, stacked, so nothing hides off the side of the screen. */
function ItemCard({
  kind,
  item,
  onEdit,
}: {
  kind: ContentKind;
  item: ContentItem;
  onEdit: () => void;
}) {
  const { t } = useTranslation('content');
  const details = useDetails();
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <NameText kind={kind} item={item} />
          <StatusBadge item={item} />
        </Group>
        <Text size="sm" c="dimmed">
          {details(kind, item)}
        </Text>
        <Text size="sm">{t('list.usedBy', { count: item.in_use })}</Text>
        <ItemActions kind={kind} item={item} onEdit={onEdit} />
      </Stack>
    </Card>
  );
}
