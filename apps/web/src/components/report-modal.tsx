import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import {
  createReportSchema,
  REPORT_DETAILS_MAX,
  reportReasons,
  type ReportKind,
  type ReportReason,
} from '@fitcoach/shared/reports';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../lib/form-errors';
import { useCreateReport } from '../lib/reports';

export interface ReportModalProps {
  opened: boolean;
  onClose: () => void;
  kind: ReportKind;
  /** The message's, the submission's or the member's id. */
  targetId: number;
  /** Whose it is, for the title (“Report Sam’s message”). */
  authorName: string;
}

interface Values {
  reason: ReportReason | '';
  details: string;
}

/**
 * The member's report of a message, a proof or a profile: why (from a short list) and, if they
 * like, a few words. The admins see it in their moderation queue; the member hears back in their
 * notifications once it is handled.
 */
export function ReportModal({ opened, onClose, kind, targetId, authorName }: ReportModalProps) {
  const { t } = useTranslation('common');
  const send = useCreateReport();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { reason: '', details: '' },
    validate: (values) => {
      const parsed = createReportSchema.safeParse({ kind, target_id: targetId, ...values });
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  function close() {
    form.reset();
    send.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    send.mutate(createReportSchema.parse({ kind, target_id: targetId, ...values }), {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: t('report.sent'),
        });
        close();
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = send.isError && Object.keys(apiFieldErrors(send.error)).length > 0;
  const title = (() => {
    switch (kind) {
      case 'message':
        return t('report.titleMessage', { name: authorName });
      case 'proof':
        return t('report.titleProof', { name: authorName });
      case 'profile':
        return t('report.titleProfile', { name: authorName });
    }
  })();
  const reasonLabel = (reason: ReportReason) => {
    switch (reason) {
      case 'spam':
        return t('report.reasons.spam');
      case 'harassment':
        return t('report.reasons.harassment');
      case 'hate':
        return t('report.reasons.hate');
      case 'inappropriate':
        return t('report.reasons.inappropriate');
      case 'other':
        return t('report.reasons.other');
    }
  };
  const details = form.values.details;

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('report.intro')}</Text>
          {send.isError && !hasFieldErrors && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(send.error)}
            </Alert>
          )}
          <Radio.Group label={t('report.reason')} required {...form.getInputProps('reason')}>
            <Stack gap="xs" mt="xs">
              {reportReasons.map((reason) => (
                <Radio key={reason} value={reason} label={reasonLabel(reason)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('report.details')}
            description={t('report.detailsHint', {
              count: details.length,
              max: REPORT_DETAILS_MAX,
            })}
            required={form.values.reason === 'other'}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REPORT_DETAILS_MAX}
            {...form.getInputProps('details')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={send.isPending}>
              {t('report.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
