import { Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ExerciseKind } from '@fitcoach/shared/exercises';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useExerciseSearch } from '../../api/exercise-library';
import {
  exerciseKindColors,
  pickedFromSummary,
  type PickedExercise,
} from '../../lib/workout-form-values';

const SEARCH_DELAY_MS = 300;

interface OptionInfo {
  kind: ExerciseKind;
  equipment: string;
}

export interface ExercisePickerProps {
  value: PickedExercise | null;
  onChange: (exercise: PickedExercise | null) => void;
  error?: ReactNode;
}

/**
 * A searchable select over the whole exercise library. The library is too big to load up front,
 * so the server searches (names and descriptions) as the member types, a moment after they stop.
 */
export function ExercisePicker({ value, onChange, error }: ExercisePickerProps) {
  const { t } = useTranslation('workouts');
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // While the box shows the chosen exercise's name, nothing has been typed: list from the top.
  const q = debounced === (value?.name ?? '') ? '' : debounced;
  const results = useExerciseSearch(q, true);
  const waiting = results.isFetching || (search.trim() !== debounced && search !== value?.name);

  const { data, info, byId } = useMemo(() => {
    const found = results.data?.items ?? [];
    const byId = new Map(found.map((e) => [String(e.id), pickedFromSummary(e)]));
    const info = new Map<string, OptionInfo>(
      found.map((e) => [
        String(e.id),
        { kind: e.kind, equipment: e.equipment.map((eq) => t(`equipment.${eq}`)).join(', ') },
      ]),
    );
    const data = found.map((e) => ({ value: String(e.id), label: e.name }));
    // The chosen exercise must be an option once, or the box could not show its name.
    if (value && q === '' && !byId.has(String(value.id))) {
      data.unshift({ value: String(value.id), label: value.name });
      info.set(String(value.id), { kind: value.kind, equipment: '' });
    }
    return { data, info, byId };
  }, [results.data, value, q, t]);

  return (
    <Select
      label={t('picker.label')}
      placeholder={t('picker.placeholder')}
      searchable
      required
      data={data}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        if (id === null) return onChange(null);
        onChange(byId.get(id) ?? (value && String(value.id) === id ? value : null));
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; filtering again here would hide description matches.
      filter={({ options }) => options}
      allowDeselect={false}
      nothingFoundMessage={waiting ? t('picker.searching') : t('noResults')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        waiting ? (
          <Loader size={14} aria-label={t('picker.searchingLabel')} />
        ) : value ? (
          <Badge size="xs" variant="light" color={exerciseKindColors[value.kind]}>
            {t(`exerciseKinds.${value.kind}`)}
          </Badge>
        ) : undefined
      }
      rightSectionWidth={value && !waiting ? 64 : undefined}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true, middlewares: { flip: true, shift: true } }}
      error={error}
      renderOption={({ option }) => {
        const details = info.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {details?.equipment && (
                <Text size="xs" c="dimmed" truncate>
                  {details.equipment}
                </Text>
              )}
            </Stack>
            {details && (
              <Badge size="xs" variant="light" color={exerciseKindColors[details.kind]}>
                {t(`exerciseKinds.${details.kind}`)}
              </Badge>
            )}
          </Group>
        );
      }}
    />
  );
}
