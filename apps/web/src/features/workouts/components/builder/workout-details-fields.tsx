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
import { workoutGoalLabels, workoutGoals } from '@fitcoach/shared/profile';
import { workoutLevels } from '@fitcoach/shared/workouts';
import { useTagOptions } from '../../api/exercise-library';
import { workoutLevelLabels, type WorkoutForm } from '../../lib/workout-form-values';

const goalOptions = workoutGoals.map((goal) => ({ value: goal, label: workoutGoalLabels[goal] }));
const levelOptions = workoutLevels.map((level) => ({
  value: level,
  label: workoutLevelLabels[level],
}));

/** What the workout is: name, description, goal, level, length, tags and who may see it. */
export function WorkoutDetailsFields({ form }: { form: WorkoutForm }) {
  const tags = useTagOptions();
  const tagOptions = (tags.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.name }));

  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        placeholder="e.g. Upper body strength"
        required
        maxLength={120}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        placeholder="What it trains and who it suits"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Select
          label="Goal"
          placeholder="Choose a goal"
          required
          data={goalOptions}
          allowDeselect={false}
          {...form.getInputProps('goal')}
        />
        <Select
          label="Level"
          required
          data={levelOptions}
          allowDeselect={false}
          {...form.getInputProps('level')}
        />
        <NumberInput
          label="Estimated minutes"
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
        label="Tags"
        description="Up to 10; they help you and others find the workout."
        placeholder={form.getValues().tag_ids.length ? undefined : 'Search tags'}
        searchable
        clearable
        hidePickedOptions
        maxValues={10}
        data={tagOptions}
        nothingFoundMessage={tags.isPending ? 'Loading tags…' : 'No results found'}
        {...form.getInputProps('tag_ids')}
        disabled={tags.isError}
        error={
          form.errors.tag_ids ??
          (tags.isError ? 'Tags could not be loaded. Reload the page to add some.' : undefined)
        }
      />
      <Switch
        label="Share in the public library"
        description="Other members can find, follow and copy it. You stay the only one who can change it."
        {...form.getInputProps('is_public', { type: 'checkbox' })}
      />
    </Stack>
  );
}
