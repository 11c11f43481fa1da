import { Select, Stack } from '@mantine/core';
import {
  goalNeedsSport,
  mealPreferences,
  sportTypes,
  workoutGoals,
} from '@fitcoach/shared/profile';
import { useTranslation } from 'react-i18next';
import type { ProfileForm } from './profile-form-values';

/**
 * The lists open when asked (a tap, typing, the arrow keys), not on focus: sign-up focuses the
 * first field of its last step, and an open list there covered the fields and buttons below.
 */
const selectProps = { searchable: true, openOnFocus: false } as const;

/** Workout goal, the sport (only for the sport goals) and meal preference. */
export function GoalFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation();
  const goal = form.getValues().workout_goal;
  return (
    <Stack gap="md">
      <Select
        label={t('profileFields.workoutGoal')}
        placeholder={t('profileFields.workoutGoalPlaceholder')}
        required
        {...selectProps}
        nothingFoundMessage={t('profileFields.noResults')}
        data={workoutGoals.map((value) => ({ value, label: t(`options.workoutGoal.${value}`) }))}
        {...form.getInputProps('workout_goal')}
      />
      {goalNeedsSport(goal) && (
        <Select
          label={t('profileFields.sport')}
          placeholder={t('profileFields.sportPlaceholder')}
          required
          {...selectProps}
          nothingFoundMessage={t('profileFields.noResults')}
          data={sportTypes.map((value) => ({ value, label: t(`options.sportType.${value}`) }))}
          {...form.getInputProps('sport_type')}
        />
      )}
      <Select
        label={t('profileFields.mealPreference')}
        placeholder={t('profileFields.mealPreferencePlaceholder')}
        required
        {...selectProps}
        nothingFoundMessage={t('profileFields.noResults')}
        data={mealPreferences.map((value) => ({
          value,
          label: t(`options.mealPreference.${value}`),
        }))}
        {...form.getInputProps('meal_preference')}
      />
    </Stack>
  );
}
