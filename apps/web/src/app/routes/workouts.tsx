import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WorkoutScope } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { TagFilter, type TagFilterBody } from '../../components/tag-filter';
import { shouldRevalidateFilteredList, useFilterUrl } from '../../components/use-filter-url';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { tagsQueryOptions, useTags } from '../../features/exercises/api/get-tags';
import { useFilterWorkouts } from '../../features/workouts/api/filter-workouts';
import {
  readWorkoutFilters,
  workoutsQueryOptions,
  writeWorkoutFilters,
  type WorkoutFilters,
} from '../../features/workouts/api/get-workouts';
import {
  WorkoutGoalSelect,
  WorkoutScopeControl,
} from '../../features/workouts/components/workout-filters';
import {
  WorkoutList,
  isWorkoutFilterActive,
} from '../../features/workouts/components/workout-list';
import { errorMessage } from '../../lib/form-errors';
import { queryClient } from '../query-client';

const POPULAR_TAGS = [
  'strength',
  'hiit',
  'cardio',
  'boxing',
  'crossfit',
  'mobility',
  'beginner',
  'home',
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = readWorkoutFilters(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.ensureInfiniteQueryData(workoutsQueryOptions(filters)),
    queryClient.ensureQueryData(tagsQueryOptions),
  ]);
  return null;
}

/** A new filter or scope on this page loads in place. */
export const shouldRevalidate = shouldRevalidateFilteredList;

/** Workouts: FitCoach's library, your own and friends' shares, by tag, goal and search. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { formKey, showSearch } = useFilterUrl();
  const filters = readWorkoutFilters(searchParams);
  const { data: tags } = useTags();
  const { data: me } = useMe();
  const filter = useFilterWorkouts();
  const tagName = tags.find((tag) => tag.id === filters.tagId)?.name ?? null;

  function show(change: Partial<WorkoutFilters>, restartForm = false) {
    // The URL as it is now: the scope may have changed while the filter form was answered.
    showSearch(
      writeWorkoutFilters(new URLSearchParams(window.location.search), change),
      restartForm,
    );
  }

  function applyFilter(body: TagFilterBody, extra: Partial<WorkoutFilters> = {}, restart = false) {
    const goal = extra.goal === undefined ? filters.goal : extra.goal;
    filter.mutate(
      { ...body, scope: filters.scope, goal },
      {
        onSuccess: (answer) => show({ tagId: answer.tag_id, q: body.q, ...extra }, restart),
      },
    );
  }

  const clearFilter = (restartForm: boolean) =>
    applyFilter({ tag_id: '', q: '' }, { goal: null }, restartForm);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} flex="1 1 240px">
          <Title order={1} size="h2">
            {t('pages.workouts.title')}
          </Title>
          <Text c="dimmed">{t('pages.workouts.intro')}</Text>
        </Stack>
        <Button
          component={Link}
          to={paths.builder.href({ action: 'create' })}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('pages.workouts.new')}
        </Button>
      </Group>
      <WorkoutScopeControl value={filters.scope} onChange={(scope) => show({ scope })} />
      <TagFilter
        key={formKey}
        tags={tags}
        initialValue={filters}
        onFilter={(body) => applyFilter(body)}
        onClear={() => clearFilter(false)}
        active={isWorkoutFilterActive(filters)}
        pending={filter.isPending}
        error={filter.isError ? errorMessage(filter.error) : null}
        searchLabel={t('pages.workouts.search')}
        popularTagSlugs={POPULAR_TAGS}
      >
        <WorkoutGoalSelect value={filters.goal} onChange={(goal) => show({ goal })} />
      </TagFilter>
      <WorkoutList
        filters={filters}
        tagName={tagName}
        viewerId={me?.user?.id ?? null}
        busy={filter.isPending}
        onClearFilter={() => clearFilter(true)}
        onShowScope={(scope: WorkoutScope) => show({ scope })}
      />
    </Stack>
  );
}
