import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { RESOLUTION_NOTE_MAX, type AdminReport, type ReportAction } from '@fitcoach/shared/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { useResolveReport } from '../api/resolve-report';

export interface ResolveReportModalProps {
  report: AdminReport;
  action: ReportAction;
  onClose: () => void;
}

/**
 * Asks again before an action on a report, with a note for the audit log (for a proof taken
 * down, the reason its member reads, which is then required); a suspension may take the
 * content down too.
 */
export function ResolveReportModal({ report, action, onClose }: ResolveReportModalProps) {
  const { t } = useTranslation('reports');
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const [alsoRemove, setAlsoRemove] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);
  const author = report.author?.name ?? '';
  const removing = action === 'remove' || (action === 'suspend' && alsoRemove);
  const reasonNeeded = removing && report.kind === 'proof';

  const { title, text } = (() => {
    switch (action) {
      case 'dismiss':
        return { title: t('confirm.dismissTitle'), text: t('confirm.dismissText') };
      case 'suspend':
        return {
          title: t('confirm.suspendTitle', { name: author }),
          text: t('confirm.suspendText', { name: author }),
        };
      case 'remove':
        switch (report.kind) {
          case 'message':
            return {
              title: t('confirm.removeMessageTitle'),
              text: t('confirm.removeMessageText'),
            };
          case 'proof':
            return { title: t('confirm.removeProofTitle'), text: t('confirm.removeProofText') };
          case 'profile':
            return {
              title: t('confirm.removeProfileTitle', { name: author }),
              text: t('confirm.removeProfileText'),
            };
        }
    }
  })();

  function confirm() {
    if (reasonNeeded && note.trim() === '') {
      setNoteError(t('confirm.reasonRequired'));
      return;
    }
    resolve.mutate(
      { id: report.id, input: { action, note: note.trim(), remove_content: alsoRemove } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message:
              action === 'dismiss'
                ? t('done.dismissed')
                : action === 'remove'
                  ? t('done.removed')
                  : t('done.suspended', { name: author }),
          });
          onClose();
        },
        onError: (error) => setNoteError(apiFieldErrors(error).note ?? null),
      },
    );
  }

  const fieldError = resolve.isError && apiFieldErrors(resolve.error).note !== undefined;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {resolve.isError && !fieldError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(resolve.error)}
          </Alert>
        )}
        {action === 'suspend' && report.author && (
          <Checkbox
            label={t('confirm.alsoRemove')}
            checked={alsoRemove}
            disabled={
              report.target.missing ||
              report.target.removed ||
              (report.kind === 'profile' && !report.target.media_url)
            }
            onChange={(event) => {
              setAlsoRemove(event.currentTarget.checked);
              setNoteError(null);
            }}
          />
        )}
        <Textarea
          label={reasonNeeded ? t('confirm.reasonLabel') : t('confirm.noteLabel')}
          description={t('confirm.noteHint', { count: note.length, max: RESOLUTION_NOTE_MAX })}
          required={reasonNeeded}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(null);
          }}
          maxLength={RESOLUTION_NOTE_MAX}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button
            color={action === 'dismiss' ? undefined : 'red'}
            onClick={confirm}
            loading={resolve.isPending}
          >
            {t('confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
