import {
  Alert,
  Anchor,
  Button,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { signInSchema, type SignInInput } from '@fitcoach/shared/profile';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage, zodErrors, withInvalidState } from '../../../lib/form-errors';
import { useSignIn } from '../api/sign-in';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
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
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {signIn.isError && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title="Could not sign in"
          >
            {errorMessage(signIn.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
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
            signIn.isPending ? <Loader size={16} color="white" aria-label="Signing in" /> : null
          }
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New to FitCoach?{' '}
          <Anchor component={Link} to={paths.signUp.href()}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
