import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  TagFilter,
  isTagFilterActive,
  readTagFilter,
  writeTagFilter,
  type TagFilterBody,
} from '../../components/tag-filter';
import { shouldRevalidateFilteredList, useFilterUrl } from '../../components/use-filter-url';
import { useFilterExercises } from '../../features/exercises/api/filter-exercises';
import { exercisesQueryOptions } from '../../features/exercises/api/get-exercises';
import { tagsQueryOptions, useTags } from '../../features/exercises/api/get-tags';
import { ExerciseList } from '../../features/exercises/components/exercise-list';
import { errorMessage } from '../../lib/form-errors';
import { queryClient } from '../query-client';

const POPULAR_TAGS = [
  'strength',
  'core',
  'cardio',
  'hiit',
  'boxing',
  'mobility',
  'bodyweight',
  'home',
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = readTagFilter(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.ensureInfiniteQueryData(exercisesQueryOptions(filters)),
    queryClient.ensureQueryData(tagsQueryOptions),
  ]);
  return null;
}

/** A new filter on this page loads in place. */
export const shouldRevalidate = shouldRevalidateFilteredList;

/** The exercise library: filter by tag (the spec's filter form) and search by name. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { formKey, showSearch } = useFilterUrl();
  const filters = readTagFilter(searchParams);
  const { data: tags } = useTags();
  const filter = useFilterExercises();
  const tagName = tags.find((tag) => tag.id === filters.tagId)?.name ?? null;

  function applyFilter(body: TagFilterBody, restartForm = false) {
    filter.mutate(body, {
      onSuccess: (answer) => {
        // The URL as it is now, not as it was when the form was sent.
        const params = writeTagFilter(new URLSearchParams(window.location.search), {
          tagId: answer.tag_id,
          q: body.q,
        });
        showSearch(params, restartForm);
      },
    });
  }

  const clearFilter = (restartForm: boolean) => applyFilter({ tag_id: '', q: '' }, restartForm);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('pages.exercises.title')}
        </Title>
        <Text c="dimmed">{t('pages.exercises.intro')}</Text>
      </Stack>
      <TagFilter
        key={formKey}
        tags={tags}
        initialValue={filters}
        onFilter={(body) => applyFilter(body)}
        onClear={() => clearFilter(false)}
        active={isTagFilterActive(filters)}
        pending={filter.isPending}
        error={filter.isError ? errorMessage(filter.error) : null}
        searchLabel={t('pages.exercises.search')}
        popularTagSlugs={POPULAR_TAGS}
      />
      <ExerciseList
        filters={filters}
        tagName={tagName}
        busy={filter.isPending}
        onClearFilter={() => clearFilter(true)}
        linkState={{ listSearch: location.search }}
      />
    </Stack>
  );
}
