import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import {
  PASSWORD_MIN,
  passwordChangeSchema,
  type PasswordChangeInput,
} from '@fitcoach/shared/profile';
import {
  apiFieldErrors,
  errorMessage,
  zodErrors,
  withInvalidState,
} from '../../../lib/form-errors';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useChangePassword } from '../api/change-password';

/** Change password; other browsers are signed out by the server. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useForm<PasswordChangeInput>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    validate: (values) => {
      const parsed = passwordChangeSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: t('password.changedTitle'),
          message: t('password.changedMessage'),
        });
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const hasFieldErrors = change.isError && Object.keys(apiFieldErrors(change.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label={t('password.form')}>
      <Stack gap="md">
        {change.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(change.error)}
          </Alert>
        )}
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...withInvalidState(form.getInputProps('current_password'))}
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.hint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          {...withInvalidState(form.getInputProps('new_password'))}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
