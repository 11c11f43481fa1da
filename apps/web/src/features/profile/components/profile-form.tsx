import { Alert, Button, Divider, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { profileUpdateSchema } from '@fitcoach/shared/profile';
import { BodyFields } from '../../../components/profile-fields/body-fields';
import { GoalFields } from '../../../components/profile-fields/goal-fields';
import {
  profileFormToInput,
  profileToFormValues,
  type ProfileFormValues,
} from '../../../components/profile-fields/profile-form-values';
import { apiFieldErrors, errorMessage, zodErrors } from '../../../lib/form-errors';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** Edit name, email, body and goals; the same unit switch as sign-up. */
export function ProfileForm() {
  const { data: profile } = useProfile();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileToFormValues(profile),
    validate: (values) => {
      const parsed = profileUpdateSchema.safeParse(profileFormToInput(values));
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(profileUpdateSchema.parse(profileFormToInput(values)), {
      onSuccess: (saved) => {
        form.setInitialValues(profileToFormValues(saved));
        form.setValues(profileToFormValues(saved));
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: 'Profile saved',
          message: 'Your changes are saved.',
        });
      },
      onError: (error) => form.setErrors(apiFieldErrors(error)),
    });
  });

  const fieldErrors = update.isError ? apiFieldErrors(update.error) : {};

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="lg">
        {update.isError && Object.keys(fieldErrors).length === 0 && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title="Could not save"
          >
            {errorMessage(update.error)}
          </Alert>
        )}
        <Stack gap="md">
          <Title order={3} size="h4">
            Account
          </Title>
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
        </Stack>
        <Divider />
        <Stack gap="md">
          <Title order={3} size="h4">
            Body
          </Title>
          <BodyFields form={form} />
        </Stack>
        <Divider />
        <Stack gap="md">
          <Title order={3} size="h4">
            Goals
          </Title>
          <GoalFields form={form} />
        </Stack>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={form.reset}
            disabled={!form.isDirty() || update.isPending}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
