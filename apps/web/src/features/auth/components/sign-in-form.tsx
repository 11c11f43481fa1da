import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { signInSchema, type SignInInput } from '@fitcoach/shared/profile';
import { Trans, useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage, zodErrors, withInvalidState } from '../../../lib/form-errors';
import { useSignIn } from '../api/sign-in';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: (values) => {
      const parsed = signInSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(signInSchema.parse(values), { onSuccess: onSignedIn });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('signIn.form')}>
      <Stack gap="md">
        {signIn.isError && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('signIn.failed')}
          >
            {errorMessage(signIn.error)}
          </Alert>
        )}
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('signIn.emailPlaceholder')}
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          {...withInvalidState(form.getInputProps('password'))}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={signIn.isPending}
          leftSection={
            signIn.isPending ? (
              <Loader size={16} color="white" aria-label={t('signIn.submittingLabel')} />
            ) : null
          }
        >
          {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {/* Not <link>: the catalogue's markup is parsed as HTML, where <link> is a void tag. */}
          <Trans
            t={t}
            i18nKey="signIn.newHere"
            components={{ anchor: <Anchor component={Link} to={paths.signUp.href()} /> }}
          />
        </Text>
      </Stack>
    </form>
  );
}
