import { getExercise } from '../features/exercises/api/get-exercise';
import { getTags } from '../features/exercises/api/get-tags';
import { exerciseKeys, tagKeys } from '../features/exercises/api/keys';
import { searchExercises } from '../features/exercises/api/search-exercises';
import type { ExerciseLibrary } from '../features/workouts/api/exercise-library';

/** The exercises feature's reads, as the workouts feature uses them (builder, how-to). */
export const exerciseLibrary: ExerciseLibrary = {
  search: { queryKey: exerciseKeys.search(), fetch: searchExercises },
  exercise: { key: exerciseKeys.detail, fetch: getExercise },
  tags: { key: () => tagKeys.all, fetch: getTags },
};
