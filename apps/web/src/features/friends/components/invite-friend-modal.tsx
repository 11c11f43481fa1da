import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { inviteFriendSchema, type InviteResult } from '@fitcoach/shared/invitations';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useInviteFriend } from '../api/invite-friend';

/**
 * The spec's friend invite (name, email): an invitation mail, or a request to a member.
 * `onChanged` runs after a request was sent or accepted, for the page to refresh its lists.
 */
export function InviteFriendModal({
  opened,
  onClose,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const { t } = useTranslation(['friends-invite', 'common']);
  const invite = useInviteFriend();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '' },
    validate: (values) => {
      const parsed = inviteFriendSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  function close() {
    invite.reset();
    form.reset();
    onClose();
  }

  const submit = form.onSubmit((values) => {
    invite.mutate(inviteFriendSchema.parse(values), {
      onSuccess: (result) => {
        if (result.outcome === 'request_sent' || result.outcome === 'request_accepted') {
          onChanged?.();
        }
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const result = invite.data;
  const hasFieldErrors = invite.isError && Object.keys(apiFieldErrors(invite.error)).length > 0;

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered>
      {result ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCheck size={18} />} role="status">
            <OutcomeText result={result} />
          </Alert>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                invite.reset();
                form.reset();
              }}
            >
              {t('invite.another')}
            </Button>
            <Button onClick={close}>{t('invite.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {invite.isError && !hasFieldErrors && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(invite.error)}
              </Alert>
            )}
            <TextInput
              label={t('invite.name')}
              required
              maxLength={100}
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('invite.email')}
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:dialog.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('invite.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function OutcomeText({ result }: { result: InviteResult }) {
  const { t } = useTranslation('friends-invite');
  const values = { name: result.name, email: result.email };
  switch (result.outcome) {
    case 'invited':
      return t('outcome.invited', values);
    case 'request_sent':
      return t('outcome.request_sent', values);
    case 'request_accepted':
      return t('outcome.request_accepted', values);
    case 'already_friends':
      return t('outcome.already_friends', values);
    case 'already_requested':
      return t('outcome.already_requested', values);
  }
}
