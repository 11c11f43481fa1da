import { SegmentedControl, Select } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { workoutGoals, type WorkoutGoal } from '@fitcoach/shared/profile';
import { workoutScopes, type WorkoutScope } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT_FLEX } from '../../../components/tag-filter';

/** Whose workouts to show: everything, FitCoach's library, yours, or friends' shares. */
export function WorkoutScopeControl({
  value,
  onChange,
}: {
  value: WorkoutScope;
  onChange: (scope: WorkoutScope) => void;
}) {
  const { t } = useTranslation('workouts');
  return (
    <SegmentedControl
      aria-label={t('filters.scopeLabel')}
      value={value}
      onChange={onChange}
      data={workoutScopes.map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))}
      fullWidth
      w={{ base: '100%', sm: 560 }}
      styles={{ label: { paddingInline: 6 } }}
    />
  );
}

/** The optional goal filter (the spec's workout goals). */
export function WorkoutGoalSelect({
  value,
  onChange,
}: {
  value: WorkoutGoal | null;
  onChange: (goal: WorkoutGoal | null) => void;
}) {
  const { t } = useTranslation('workouts');
  return (
    <Select
      name="goal"
      aria-label={t('filters.goalLabel')}
      placeholder={t('filters.allGoals')}
      data={workoutGoals.map((goal) => ({ value: goal, label: t(`goals.${goal}`) }))}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearGoal') }}
      nothingFoundMessage={t('noResults')}
      leftSection={<IconTarget size={16} aria-hidden />}
      comboboxProps={{ shadow: 'md' }}
      flex={FILTER_SELECT_FLEX}
      miw={0}
    />
  );
}
