import { Alert, Button, Divider, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { profileUpdateSchema } from '@fitcoach/shared/profile';
import type { Equipment } from '@fitcoach/shared/exercises';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { EquipmentField } from './equipment-field';

/** Edit name, email, body and goals; the same unit switch as sign-up. */
export function ProfileForm() {
  const { t } = useTranslation('profile');
  const { data: profile } = useProfile();
  const update = useUpdateProfile();
  // Kept beside the shared profile fields (sign-up does not ask for equipment).
  const [equipment, setEquipment] = useState<Equipment[] | null>(profile.equipment);
  const equipmentDirty = JSON.stringify(equipment) !== JSON.stringify(profile.equipment);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileToFormValues(profile),
    validate: (values) => {
      const parsed = profileUpdateSchema.safeParse(profileFormToInput(values));
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...profileUpdateSchema.parse(profileFormToInput(values)), equipment },
      {
        onSuccess: (saved) => {
          setEquipment(saved.equipment);
          form.setInitialValues(profileToFormValues(saved));
          form.setValues(profileToFormValues(saved));
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t('form.savedTitle'),
            message: t('form.savedMessage'),
          });
        },
        onError: (error) => form.setErrors(apiFieldErrors(error)),
      },
    );
  });

  const fieldErrors = update.isError ? apiFieldErrors(update.error) : {};

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack gap="lg">
        {update.isError && Object.keys(fieldErrors).length === 0 && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('form.failed')}
          >
            {errorMessage(update.error)}
          </Alert>
        )}
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('form.account')}
          </Title>
          <TextInput
            label={t('form.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
        </Stack>
        <Divider />
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('form.body')}
          </Title>
          <BodyFields form={form} />
        </Stack>
        <Divider />
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('form.goals')}
          </Title>
          <GoalFields form={form} />
        </Stack>
        <Divider />
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('equipment.title')}
          </Title>
          <EquipmentField value={equipment} onChange={setEquipment} />
        </Stack>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              setEquipment(profile.equipment);
            }}
            disabled={(!form.isDirty() && !equipmentDirty) || update.isPending}
          >
            {t('form.discard')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
