import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { auditActions, type AuditAction } from '@fitcoach/shared/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/list-audit';
import { useActionText } from './labels';
import { loadFailed } from '../../../lib/query-state';

const idOrUndefined = (value: string | number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

const show = (value: unknown) =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * What changed, one line per field that differs (`role: member → coach`); a row with only a
 * before (a deletion) or only an after (an announcement) lists what it holds.
 */
export function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  if (before === null && after === null) return [];
  if (before === null) return Object.entries(after ?? {}).map(([k, v]) => `${k}: ${show(v)}`);
  if (after === null) return Object.entries(before).map(([k, v]) => `${k}: ${show(v)}`);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
}

/** The audit log, newest first: who did what to whom, before and after; filterable. */
export function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  const actionText = useActionText();
  const [action, setAction] = useState<AuditAction | null>(null);
  const [actor, setActor] = useState<string | number>('');
  const [target, setTarget] = useState<string | number>('');
  // Ids are typed digit by digit: the list follows once the typing pauses.
  const [actorId] = useDebouncedValue(idOrUndefined(actor), 250);
  const [targetId] = useDebouncedValue(idOrUndefined(target), 250);
  const log = useAuditLog({ action: action ?? undefined, actor_id: actorId, target_id: targetId });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

  const list = (() => {
    if (log.isPending) return <Loader aria-label={t('tabs.audit')} />;
    if (loadFailed(log)) {
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('audit.error')}
        </Alert>
      );
    }
    const entries = log.data.pages.flatMap((page) => page.items);
    if (entries.length === 0) return <Text>{t('audit.empty')}</Text>;
    return (
      <>
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.actor')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.target')}</Table.Th>
                <Table.Th>{t('audit.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{dateFormat.format(new Date(entry.created_at))}</Table.Td>
                  <Table.Td>
                    {entry.actor_id === null
                      ? t('audit.commandLine')
                      : `${entry.actor_name ?? ''} (#${entry.actor_id})`}
                  </Table.Td>
                  <Table.Td>{actionText(entry.action)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {entry.target_label ?? ''}
                    {entry.target_id !== null && ` (#${entry.target_id})`}
                  </Table.Td>
                  <Table.Td>
                    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {describeChange(entry.before, entry.after).join('\n') || '—'}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {log.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            {t('audit.more')}
          </Button>
        )}
      </>
    );
  })();

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('audit.filterAction')}
          placeholder={t('audit.allActions')}
          data={auditActions.map((value) => ({ value, label: actionText(value) }))}
          value={action}
          onChange={(value) => setAction(value)}
          clearable
          w={220}
        />
        <NumberInput
          label={t('audit.filterActor')}
          value={actor}
          onChange={setActor}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          w={200}
        />
        <NumberInput
          label={t('audit.filterTarget')}
          value={target}
          onChange={setTarget}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          w={200}
        />
      </Group>
      {list}
    </Stack>
  );
}
