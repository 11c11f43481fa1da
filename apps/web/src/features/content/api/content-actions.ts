import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminWorkout,
  ContentKind,
  ExerciseInput,
  FoodInput,
  PersonaInput,
  TagInput,
} from '@fitcoach/shared/content';
import type { ExerciseDetail } from '@fitcoach/shared/exercises';
import type { WorkoutInput } from '@fitcoach/shared/workouts';
import { api, apiRequest } from '../../../lib/api-client';
import { contentKeys, contentMutationKeys } from './keys';
import type { ContentItems } from './list-content';

/** What each kind is written with. */
export interface ContentInputs {
  exercises: ExerciseInput;
  workouts: WorkoutInput;
  foods: FoodInput;
  personas: PersonaInput;
  tags: TagInput;
}

/** Creates (no id) or changes (an id) one item. */
export function saveContent<K extends ContentKind>(
  kind: K,
  id: number | null,
  input: ContentInputs[K],
): Promise<ContentItems[K]> {
  return id === null
    ? api.post<ContentItems[K]>(`/api/admin/content/${kind}`, input)
    : api.put<ContentItems[K]>(`/api/admin/content/${kind}/${id}`, input);
}

function useContentWrite<T, V>(mutationFn: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: contentMutationKeys.write(),
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

export function useSaveContent<K extends ContentKind>(kind: K) {
  return useContentWrite((vars: { id: number | null; input: ContentInputs[K] }) =>
    saveContent(kind, vars.id, vars.input),
  );
}

export type ContentAction = 'retire' | 'restore' | 'remove';

export interface Removal<K extends ContentKind> {
  outcome: 'deleted' | 'retired';
  item: ContentItems[K] | null;
}

/** Retire, restore, or remove (deleted when unused, retired when something uses it). */
export function actOnContent<K extends ContentKind>(
  kind: K,
  id: number,
  action: ContentAction,
): Promise<ContentItems[K] | Removal<K>> {
  if (action === 'remove') {
    return apiRequest<Removal<K>>(`/api/admin/content/${kind}/${id}`, { method: 'DELETE' });
  }
  return api.post<ContentItems[K]>(`/api/admin/content/${kind}/${id}/${action}`);
}

export function useContentAction<K extends ContentKind>(kind: K) {
  return useContentWrite((vars: { id: number; action: ContentAction }) =>
    actOnContent(kind, vars.id, vars.action),
  );
}

/** Copies a workout the admin can open (one they built) into the library. */
export function useCopyToLibrary() {
  return useContentWrite((workoutId: number) =>
    api.post<AdminWorkout>('/api/admin/content/workouts/copy', { workout_id: workoutId }),
  );
}

/** Where a demo video's blob is declared (the direct-upload protocol, purpose `exercise_demo`). */
export const DEMO_VIDEO_DIRECT_UPLOAD_URL =
  '/rails/active_storage/direct_uploads?purpose=exercise_demo';

/** `PUT /api/exercise/:id/video` with an uploaded video's signed id (coaches and admins). */
export function useAttachDemoVideo(exerciseId: number) {
  return useContentWrite((signedId: string) =>
    api.put<ExerciseDetail>(`/api/exercise/${exerciseId}/video`, { signed_id: signedId }),
  );
}

export function useRemoveDemoVideo(exerciseId: number) {
  return useContentWrite(() => api.delete<ExerciseDetail>(`/api/exercise/${exerciseId}/video`));
}
