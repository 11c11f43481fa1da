import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { announcementInputSchema } from '@fitcoach/shared/notifications';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useSendAnnouncement } from '../api/send-announcement';

/** Admins: an announcement every member sees in their notifications, live if online. */
export function AnnouncementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['notifications', 'common']);
  const send = useSendAnnouncement();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: '', body: '' },
    validate: (values) => {
      const parsed = announcementInputSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  function close() {
    send.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    send.mutate(announcementInputSchema.parse(values), {
      onSuccess: () => {
        form.reset();
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: t('announcement.sent'),
        });
        close();
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = send.isError && Object.keys(apiFieldErrors(send.error)).length > 0;

  return (
    <Modal opened={opened} onClose={close} title={t('announcement.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {send.isError && !hasFieldErrors && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(send.error)}
            </Alert>
          )}
          <TextInput
            label={t('announcement.titleLabel')}
            required
            maxLength={120}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('announcement.message')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={1000}
            {...form.getInputProps('body')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:dialog.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('announcement.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
