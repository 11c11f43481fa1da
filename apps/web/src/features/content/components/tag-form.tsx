import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { tagInputSchema, type AdminTag } from '@fitcoach/shared/content';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodErrors } from '../../../lib/form-errors';
import { useSaveContent } from '../api/content-actions';
import { FormShell } from './form-shell';

/** A tag the exercise and workout lists filter by; renaming keeps its slug. */
export function TagForm({
  item,
  onDone,
  onCancel,
}: {
  item: AdminTag | null;
  onDone: (saved: AdminTag) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('content');
  const save = useSaveContent('tags');
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: item?.name ?? '' },
    validate: (values) => {
      const parsed = tagInputSchema.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: item?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: t('form.saved', { name: saved.name }),
          });
          onDone(saved);
        },
        onError: (error) => form.setErrors(apiFieldErrors(error)),
      },
    );
  });
  return (
    <FormShell
      label={item ? t('tags.edit', { name: item.name }) : t('tags.new')}
      error={save.error}
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t('fields.name')}
        description={item ? t('tags.slugKept', { slug: item.slug }) : undefined}
        required
        maxLength={40}
        data-autofocus
        {...form.getInputProps('name')}
      />
    </FormShell>
  );
}
