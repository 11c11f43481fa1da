import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ExerciseDetail, ExerciseSummary, Tag } from '@fitcoach/shared/exercises';
import { createContext, use } from 'react';
import type { SearchFetcher } from '../../../components/enhanced-select/enhanced-select';

/** One read of the exercise library: the exercises feature's cache key and its fetcher. */
interface LibraryRead<Args extends unknown[], Data> {
  key: (...args: Args) => QueryKey;
  fetch: (...args: [...Args, signal: AbortSignal]) => Promise<Data>;
}

/**
 * What workouts read from the exercise library: the builder's paged exercise search and tags, and an
 * exercise's how-to on the workout page. The exercises feature owns those endpoints and their
 * cache keys; features do not import each other, so app/ hands them in through this context.
 */
export interface ExerciseLibrary {
  /** The picker's paged search: its cache key (the picker adds `q`) and fetcher. */
  search: { queryKey: QueryKey; fetch: SearchFetcher<ExerciseSummary> };
  exercise: LibraryRead<[id: number], ExerciseDetail>;
  tags: LibraryRead<[], { items: Tag[] }>;
}

export const ExerciseLibraryContext = createContext<ExerciseLibrary | null>(null);

function useExerciseLibrary(): ExerciseLibrary {
  const library = use(ExerciseLibraryContext);
  if (!library) throw new Error('No exercise library: app/ provides one (ExerciseLibraryContext).');
  return library;
}

/** The builder's exercise search, as the enhanced select box pages it. */
export function useExerciseSearchSource() {
  return useExerciseLibrary().search;
}

/** An exercise's how-to, fetched when a member opens it (and kept: the library does not change). */
export function useExerciseDetails(exerciseId: number, enabled: boolean) {
  const { exercise } = useExerciseLibrary();
  return useQuery({
    queryKey: exercise.key(exerciseId),
    queryFn: ({ signal }) => exercise.fetch(exerciseId, signal),
    enabled,
    staleTime: Infinity,
  });
}

/** The tags a workout may carry, for the builder's tag picker. */
export function useTagOptions() {
  const { tags } = useExerciseLibrary();
  return useQuery({
    queryKey: tags.key(),
    queryFn: ({ signal }) => tags.fetch(signal),
    // Tags are reference data: they change with a deploy, not during a visit.
    staleTime: 60 * 60_000,
  });
}
