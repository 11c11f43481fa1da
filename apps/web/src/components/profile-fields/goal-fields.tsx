import { Select, Stack } from '@mantine/core';
import {
  goalNeedsSport,
  mealPreferenceLabels,
  mealPreferences,
  sportTypeLabels,
  sportTypes,
  workoutGoalLabels,
  workoutGoals,
} from '@fitcoach/shared/profile';
import type { ProfileForm } from './profile-form-values';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The lists open when asked (a tap, typing, the arrow keys), not on focus: sign-up focuses the
 * first field of its last step, and an open list there covered the fields and buttons below.
 */
const selectProps = { searchable: true, openOnFocus: false } as const;

/** Workout goal, the sport (only for the sport goals) and meal preference. */
export function GoalFields({ form }: { form: ProfileForm }) {
  const goal = form.getValues().workout_goal;
  return (
    <Stack gap="md">
      <Select
        label="Workout goal"
        placeholder="Choose a goal"
        required
        {...selectProps}
        nothingFoundMessage="No results found"
        data={options(workoutGoals, workoutGoalLabels)}
        {...form.getInputProps('workout_goal')}
      />
      {goalNeedsSport(goal) && (
        <Select
          label="Sport"
          placeholder="Choose your sport"
          required
          {...selectProps}
          nothingFoundMessage="No results found"
          data={options(sportTypes, sportTypeLabels)}
          {...form.getInputProps('sport_type')}
        />
      )}
      <Select
        label="Meal preference"
        placeholder="Choose how you eat"
        required
        {...selectProps}
        nothingFoundMessage="No results found"
        data={options(mealPreferences, mealPreferenceLabels)}
        {...form.getInputProps('meal_preference')}
      />
    </Stack>
  );
}
