import {
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { workoutGoals } from '@fitcoach/shared/profile';
import { workoutLevels } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { useTagOptions } from '../../api/exercise-library';
import type { WorkoutForm } from '../../lib/workout-form-values';

/** What the workout is: name, description, goal, level, length, tags and who may see it. */
export function WorkoutDetailsFields({ form }: { form: WorkoutForm }) {
  const { t } = useTranslation('workouts');
  const goalOptions = workoutGoals.map((goal) => ({ value: goal, label: t(`goals.${goal}`) }));
  const levelOptions = workoutLevels.map((level) => ({
    value: level,
    label: t(`levels.${level}`),
  }));
  const tags = useTagOptions();
  const tagOptions = (tags.data?.items ?? []).map((tag) => ({
    value: String(tag.id),
    label: tag.name,
  }));

  return (
    <Stack gap="md">
      <TextInput
        label={t('details.title')}
        placeholder={t('details.titlePlaceholder')}
        required
        maxLength={120}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('details.description')}
        placeholder={t('details.descriptionPlaceholder')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Select
          label={t('details.goal')}
          placeholder={t('details.goalPlaceholder')}
          required
          data={goalOptions}
          allowDeselect={false}
          {...form.getInputProps('goal')}
        />
        <Select
          label={t('details.level')}
          required
          data={levelOptions}
          allowDeselect={false}
          {...form.getInputProps('level')}
        />
        <NumberInput
          label={t('details.minutes')}
          required
          min={5}
          max={300}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          {...form.getInputProps('estimated_minutes')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('details.tags')}
        description={t('details.tagsDescription')}
        placeholder={form.getValues().tag_ids.length ? undefined : t('details.tagsPlaceholder')}
        searchable
        clearable
        hidePickedOptions
        maxValues={10}
        data={tagOptions}
        nothingFoundMessage={tags.isPending ? t('details.tagsLoading') : t('noResults')}
        {...form.getInputProps('tag_ids')}
        disabled={tags.isError}
        error={form.errors.tag_ids ?? (tags.isError ? t('details.tagsError') : undefined)}
      />
      <Switch
        label={t('details.public')}
        description={t('details.publicDescription')}
        {...form.getInputProps('is_public', { type: 'checkbox' })}
      />
    </Stack>
  );
}
