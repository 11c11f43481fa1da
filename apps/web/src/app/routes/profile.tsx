import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me';
import { profileQueryOptions, useProfile } from '../../features/profile/api/get-profile';
import { ActivityVisibilitySetting } from '../../features/profile/components/activity-visibility';
import { AvatarUploader } from '../../features/profile/components/avatar-uploader';
import { LanguageSelect } from '../../features/profile/components/language-select';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { MemoryList } from '../../features/trainer/components/memory-list';
import { MyCoachingSection } from '../../features/coaching/components/my-coaching-section';
import { queryClient } from '../query-client';

export async function loader() {
  await queryClient.ensureQueryData(profileQueryOptions);
  return null;
}

export function Component() {
  const { t } = useTranslation('profile');
  const { data: me } = useMe();
  const { data: profile } = useProfile();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <AvatarUploader />
      </Card>
      <Card withBorder padding="lg">
        <ProfileForm />
      </Card>
      <Card withBorder padding="lg">
        <ActivityVisibilitySetting value={profile.activity_visibility} />
      </Card>
      <MyCoachingSection />
      <Card withBorder padding="lg">
        <MemoryList />
      </Card>
      <Card withBorder padding="lg">
        <LanguageSelect value={me?.user?.locale ?? null} />
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('page.password')}
          </Title>
          <PasswordForm />
        </Stack>
      </Card>
    </Stack>
  );
}
