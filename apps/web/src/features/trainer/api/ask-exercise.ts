import { useMutation } from '@tanstack/react-query';
import type { ExerciseSteps, TrainerAskInput } from '@fitcoach/shared/trainer';
import { api } from '../../../lib/api-client';

/** `POST /api/trainer/ask`: how to do an exercise (steps, cues, common mistakes). */
export function askExercise(input: TrainerAskInput) {
  return api.post<ExerciseSteps>('/api/trainer/ask', input);
}

export function useAskExercise() {
  return useMutation({ mutationFn: askExercise });
}
