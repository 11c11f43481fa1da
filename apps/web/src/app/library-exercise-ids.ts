import { useQueries } from '@tanstack/react-query';
import { exerciseKeys } from '../features/exercises/api/keys';
import { getExercises } from '../features/exercises/api/get-exercises';

/**
 * Which of these names are exercises of the library, by their id: the history's form card
 * links an analysed exercise to its page (and its trend) when there is one. An analysis keeps
 * the name it was given, not the exercise's id, unless it is tied to a set; so the library is
 * searched by each name and only an exact match (case aside) counts. Composed here because the
 * video analysis and the exercise library are separate features.
 */
export function useLibraryExerciseIds(names: string[]): (name: string) => number | undefined {
  const distinct = [...new Set(names.map((n) => n.trim()))].filter(Boolean);
  const results = useQueries({
    queries: distinct.map((name) => ({
      queryKey: [...exerciseKeys.search(), 'exact', name.toLowerCase()] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getExercises({ tagId: null, q: name }, null, signal, 10),
      // The library changes rarely; a name is looked up once a visit.
      staleTime: 10 * 60 * 1000,
    })),
  });
  const ids = new Map<string, number>();
  results.forEach((result) => {
    for (const exercise of result.data?.items ?? []) {
      ids.set(exercise.name.trim().toLowerCase(), exercise.id);
    }
  });
  return (name) => ids.get(name.trim().toLowerCase());
}
