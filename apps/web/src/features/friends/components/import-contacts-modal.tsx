import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import type { ImportConfirmResult, ImportPreview, ImportRow } from '@fitcoach/shared/invitations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-errors';
import { useConfirmImport, usePreviewImport } from '../api/import-contacts';

const statusColour = {
  already_friends: 'gray',
  member: 'blue',
  not_member: 'teal',
  invalid: 'red',
} as const;

const selectable = (row: ImportRow) => row.status === 'member' || row.status === 'not_member';

/**
 * Import contacts from a CSV: the server previews every row (nothing dropped), the member
 * chooses which to act on (all by default), then sees what was sent to each.
 */
export function ImportContactsModal({
  opened,
  onClose,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  /** Runs once requests were sent, for the page to refresh its lists. */
  onChanged?: () => void;
}) {
  const { t } = useTranslation(['friends-invite', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const preview = usePreviewImport();
  const confirm = useConfirmImport();

  function reset() {
    setFile(null);
    setReadError(false);
    setChosen(new Set());
    preview.reset();
    confirm.reset();
  }

  function close() {
    reset();
    onClose();
  }

  async function upload(picked: File | null) {
    setFile(picked);
    preview.reset();
    setReadError(false);
    if (!picked) return;
    let csv: string;
    try {
      csv = await picked.text();
    } catch {
      setReadError(true);
      return;
    }
    preview.mutate(csv, {
      onSuccess: (result) =>
        setChosen(new Set(result.rows.filter(selectable).map((row) => row.line))),
    });
  }

  const rows = preview.data?.rows ?? [];
  const choosable = rows.filter(selectable);

  function send(data: ImportPreview) {
    confirm.mutate(
      {
        rows: data.rows
          .filter((row) => selectable(row) && chosen.has(row.line))
          .map((row) => ({ name: row.name, email: row.email })),
      },
      { onSuccess: () => onChanged?.() },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="xl" centered>
      <Stack gap="md">
        {confirm.data ? (
          <Results result={confirm.data} onDone={close} />
        ) : (
          <>
            <FileInput
              label={t('import.file')}
              description={t('import.fileHint')}
              placeholder={t('import.filePlaceholder')}
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={18} />}
              value={file}
              onChange={(picked) => void upload(picked)}
              clearable
            />
            {(readError || preview.isError) && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {readError ? t('import.unreadable') : errorMessage(preview.error)}
              </Alert>
            )}
            {confirm.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(confirm.error)}
              </Alert>
            )}
            {preview.data && (
              <>
                <Text size="sm">
                  {t('import.summary', { count: rows.length, selectable: choosable.length })}
                </Text>
                <ScrollArea.Autosize mah="50vh">
                  <Table striped stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>
                          <Checkbox
                            aria-label={t('import.chooseAll')}
                            checked={choosable.length > 0 && chosen.size === choosable.length}
                            indeterminate={chosen.size > 0 && chosen.size < choosable.length}
                            disabled={choosable.length === 0}
                            onChange={(event) =>
                              setChosen(
                                event.currentTarget.checked
                                  ? new Set(choosable.map((row) => row.line))
                                  : new Set(),
                              )
                            }
                          />
                        </Table.Th>
                        <Table.Th>{t('import.line')}</Table.Th>
                        <Table.Th>{t('import.name')}</Table.Th>
                        {/* On a phone the address goes under the name: five columns do not fit. */}
                        <Table.Th visibleFrom="xs">{t('import.email')}</Table.Th>
                        <Table.Th>{t('import.statusColumn')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <Table.Tr key={row.line}>
                          <Table.Td>
                            {selectable(row) && (
                              <Checkbox
                                aria-label={t('import.chooseRow', { email: row.email })}
                                checked={chosen.has(row.line)}
                                onChange={(event) => {
                                  const next = new Set(chosen);
                                  if (event.currentTarget.checked) next.add(row.line);
                                  else next.delete(row.line);
                                  setChosen(next);
                                }}
                              />
                            )}
                          </Table.Td>
                          <Table.Td>{row.line}</Table.Td>
                          <Table.Td>
                            {row.name || t('import.noName')}
                            <Text
                              size="xs"
                              c="dimmed"
                              hiddenFrom="xs"
                              style={{ wordBreak: 'break-all' }}
                            >
                              {row.email}
                            </Text>
                          </Table.Td>
                          <Table.Td visibleFrom="xs" style={{ wordBreak: 'break-all' }}>
                            {row.email}
                          </Table.Td>
                          <Table.Td>
                            {/* A badge cuts long text short: the reason must be read whole. */}
                            <Badge
                              color={statusColour[row.status]}
                              variant="light"
                              tt="none"
                              h="auto"
                              py={4}
                              styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                            >
                              <RowStatus row={row} />
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
                <Group justify="flex-end">
                  <Button variant="default" onClick={reset}>
                    {t('import.back')}
                  </Button>
                  <Button
                    onClick={() => send(preview.data)}
                    disabled={chosen.size === 0}
                    loading={confirm.isPending}
                  >
                    {t('import.confirm', { count: chosen.size })}
                  </Button>
                </Group>
              </>
            )}
            {!preview.data && (
              <Group justify="flex-end">
                <Button variant="default" onClick={close} loading={preview.isPending}>
                  {t('common:dialog.cancel')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}

function useReason() {
  const { t } = useTranslation('friends-invite');
  return (reason: ImportRow['reason'], duplicateOf: number | null) => {
    switch (reason) {
      case 'no_email':
        return t('import.reason.no_email');
      case 'malformed_email':
        return t('import.reason.malformed_email');
      case 'duplicate':
        return t('import.reason.duplicate', { line: duplicateOf ?? '' });
      case 'yourself':
        return t('import.reason.yourself');
      case 'blocked':
        return t('import.reason.blocked');
      case 'already_requested':
        return t('import.reason.already_requested');
      case null:
        return '';
    }
  };
}

function RowStatus({ row }: { row: ImportRow }) {
  const { t } = useTranslation('friends-invite');
  const reasonText = useReason();
  switch (row.status) {
    case 'already_friends':
      return t('import.status.already_friends');
    case 'member':
      return t('import.status.member');
    case 'not_member':
      return t('import.status.not_member');
    case 'invalid':
      return t('import.status.invalid', { reason: reasonText(row.reason, row.duplicate_of) });
  }
}

function Results({ result, onDone }: { result: ImportConfirmResult; onDone: () => void }) {
  const { t } = useTranslation('friends-invite');
  const reasonText = useReason();
  const outcomeText = (row: ImportConfirmResult['rows'][number]) => {
    switch (row.outcome) {
      case 'invited':
        return t('import.result.invited');
      case 'request_sent':
        return t('import.result.request_sent');
      case 'request_accepted':
        return t('import.result.request_accepted');
      case 'already_friends':
        return t('import.result.already_friends');
      case 'already_requested':
        return t('import.result.already_requested');
      case 'invalid':
        return t('import.result.invalid', { reason: reasonText(row.reason, null) });
      case 'rate_limited':
        return t('import.result.rate_limited');
    }
  };
  return (
    <>
      <Text fw={600}>{t('import.resultTitle')}</Text>
      <ScrollArea.Autosize mah="50vh">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.name')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('import.email')}</Table.Th>
              <Table.Th>{t('import.statusColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.email}>
                <Table.Td>
                  {row.name || t('import.noName')}
                  <Text size="xs" c="dimmed" hiddenFrom="xs" style={{ wordBreak: 'break-all' }}>
                    {row.email}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="xs" style={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Table.Td>
                <Table.Td>{outcomeText(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('import.done')}</Button>
      </Group>
    </>
  );
}
