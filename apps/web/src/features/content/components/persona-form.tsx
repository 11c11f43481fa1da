import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { personaInputSchema, type AdminPersona, type PersonaInput } from '@fitcoach/shared/content';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodErrors } from '../../../lib/form-errors';
import { useSaveContent } from '../api/content-actions';
import { fieldErrors, FormShell, linesOf } from './form-shell';

export interface PersonaFormValues {
  name: string;
  description: string;
  specialty: string;
  tone: string;
  greeting: string;
  /** One question per line. */
  questionsText: string;
}

export function personaValues(item: AdminPersona | null): PersonaFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    specialty: item?.specialty ?? '',
    tone: item?.tone ?? '',
    greeting: item?.greeting ?? '',
    questionsText: item?.example_questions.join('\n') ?? '',
  };
}

export function toPersonaInput(values: PersonaFormValues): PersonaInput {
  return {
    name: values.name,
    description: values.description,
    specialty: values.specialty,
    tone: values.tone,
    greeting: values.greeting,
    example_questions: linesOf(values.questionsText),
  };
}

const LISTS = { example_questions: 'questionsText' };

/** A trainer persona: the spec's name and description, and how it speaks. */
export function PersonaForm({
  item,
  onDone,
  onCancel,
}: {
  item: AdminPersona | null;
  onDone: (saved: AdminPersona) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('content');
  const save = useSaveContent('personas');
  const form = useForm<PersonaFormValues>({
    mode: 'controlled',
    initialValues: personaValues(item),
    validate: (values) => {
      const parsed = personaInputSchema.safeParse(toPersonaInput(values));
      return parsed.success ? {} : fieldErrors(zodErrors(parsed.error), LISTS);
    },
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: item?.id ?? null, input: toPersonaInput(values) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: t('form.saved', { name: saved.name }),
          });
          onDone(saved);
        },
        onError: (error) => form.setErrors(fieldErrors(apiFieldErrors(error), LISTS)),
      },
    );
  });
  return (
    <FormShell
      label={item ? t('personas.edit', { name: item.name }) : t('personas.new')}
      error={save.error}
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t('fields.name')}
        required
        maxLength={80}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('fields.description')}
        required
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('fields.specialty')}
        required
        maxLength={300}
        {...form.getInputProps('specialty')}
      />
      <Textarea
        label={t('fields.tone')}
        required
        autosize
        maxLength={500}
        {...form.getInputProps('tone')}
      />
      <Textarea
        label={t('fields.greeting')}
        required
        autosize
        maxLength={500}
        {...form.getInputProps('greeting')}
      />
      <Textarea
        label={t('fields.exampleQuestions')}
        description={t('fields.onePerLine')}
        required
        autosize
        minRows={3}
        {...form.getInputProps('questionsText')}
      />
    </FormShell>
  );
}
