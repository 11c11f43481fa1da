import { Card, Stack, Text, Title } from '@mantine/core';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { AvatarUploader } from '../../features/profile/components/avatar-uploader';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { queryClient } from '../query-client';

export async function loader() {
  await queryClient.ensureQueryData(profileQueryOptions);
  return null;
}

export function Component() {
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Profile
        </Title>
        <Text c="dimmed">
          Your details, units and goals. FitCoach uses them to tailor your plans.
        </Text>
      </Stack>
      <Card withBorder padding="lg">
        <AvatarUploader />
      </Card>
      <Card withBorder padding="lg">
        <ProfileForm />
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Password
          </Title>
          <PasswordForm />
        </Stack>
      </Card>
    </Stack>
  );
}
