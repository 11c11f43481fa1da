import { SegmentedControl, Select } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { workoutGoalLabels, workoutGoals, type WorkoutGoal } from '@fitcoach/shared/profile';
import { workoutScopes, type WorkoutScope } from '@fitcoach/shared/workouts';
import { FILTER_SELECT_FLEX } from '../../../components/tag-filter';

export const workoutScopeLabels: Record<WorkoutScope, string> = {
  all: 'All',
  library: 'Library',
  mine: 'Mine',
  shared: 'Shared with me',
};

/** Whose workouts to show: everything, FitCoach's library, yours, or friends' shares. */
export function WorkoutScopeControl({
  value,
  onChange,
}: {
  value: WorkoutScope;
  onChange: (scope: WorkoutScope) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Show workouts"
      value={value}
      onChange={onChange}
      data={workoutScopes.map((scope) => ({ value: scope, label: workoutScopeLabels[scope] }))}
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
  return (
    <Select
      name="goal"
      aria-label="Goal"
      placeholder="All goals"
      data={workoutGoals.map((goal) => ({ value: goal, label: workoutGoalLabels[goal] }))}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear goal' }}
      nothingFoundMessage="No results found"
      leftSection={<IconTarget size={16} aria-hidden />}
      comboboxProps={{ shadow: 'md' }}
      flex={FILTER_SELECT_FLEX}
      miw={0}
    />
  );
}
