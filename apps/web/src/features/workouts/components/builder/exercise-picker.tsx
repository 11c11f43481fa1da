import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ExerciseSummary } from '@fitcoach/shared/exercises';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EnhancedSelect,
  type SearchFetcher,
} from '../../../../components/enhanced-select/enhanced-select';
import { useExerciseSearchSource } from '../../api/exercise-library';
import {
  exerciseKindColors,
  pickedFromSummary,
  type PickedExercise,
} from '../../lib/workout-form-values';

/** An option of the picker: the exercise as the form keeps it, and its equipment when listed. */
type ExerciseOption = PickedExercise & { equipment?: ExerciseSummary['equipment'] };

export interface ExercisePickerProps {
  value: PickedExercise | null;
  onChange: (exercise: PickedExercise | null) => void;
  error?: ReactNode;
}

/**
 * The enhanced select box over the whole exercise library. The library is too big to load up
 * front, so the server searches (names and descriptions) as the member types, a page at a time.
 */
export function ExercisePicker({ value, onChange, error }: ExercisePickerProps) {
  const { t } = useTranslation('workouts');
  const source = useExerciseSearchSource();
  const fetcher = useCallback<SearchFetcher<ExerciseOption>>(
    async (q, cursor, signal) => {
      const page = await source.fetch(q, cursor, signal);
      return {
        items: page.items.map((e) => ({ ...pickedFromSummary(e), equipment: e.equipment })),
        next_cursor: page.next_cursor,
      };
    },
    [source],
  );
  const chosen = useMemo<ExerciseOption[]>(() => (value ? [value] : []), [value]);

  return (
    <EnhancedSelect<ExerciseOption>
      label={t('picker.label')}
      placeholder={t('picker.placeholder')}
      queryKey={source.queryKey}
      fetcher={fetcher}
      getValue={(e) => String(e.id)}
      getLabel={(e) => e.name}
      value={chosen}
      onChange={([picked]) =>
        onChange(
          picked
            ? {
                id: picked.id,
                name: picked.name,
                kind: picked.kind,
                default_duration_seconds: picked.default_duration_seconds,
              }
            : null,
        )
      }
      required
      leftSection={<IconSearch size={16} aria-hidden />}
      error={error}
      renderOption={(e) => (
        <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
          <Stack gap={0} miw={0}>
            <Text size="sm" truncate>
              {e.name}
            </Text>
            {e.equipment && e.equipment.length > 0 && (
              <Text size="xs" c="dimmed" truncate>
                {e.equipment.map((eq) => t(`equipment.${eq}`)).join(', ')}
              </Text>
            )}
          </Stack>
          <Badge size="xs" variant="light" color={exerciseKindColors[e.kind]}>
            {t(`exerciseKinds.${e.kind}`)}
          </Badge>
        </Group>
      )}
    />
  );
}
