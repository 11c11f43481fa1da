import type { VirtualTrainerRequest, VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { generateDiet } from '../diets/diets.service';
import { generateProgram, generateQuickWorkout } from '../programs/programs.service';
import { answerQuestion, exerciseSteps } from '../trainer/trainer.service';

const empty: Omit<VirtualTrainerResult, 'trainer_action'> = {
  workout_id: null,
  program_id: null,
  diet_id: null,
  thread_id: null,
  answer: null,
  citations: [],
  steps: [],
  cues: [],
  mistakes: [],
  notes: [],
};

/**
 * The virtual trainer form's one call: each action goes to the feature that makes and keeps
 * what it asks for (a workout, a program, a diet, an answer in a thread, an exercise's steps).
 */
export async function runTrainerAction(
  ctx: ServiceContext,
  viewer: Viewer,
  request: VirtualTrainerRequest,
): Promise<VirtualTrainerResult> {
  const base = { ...empty, trainer_action: request.trainer_action };
  switch (request.trainer_action) {
    case 'quick_workout': {
      const made = await generateQuickWorkout(ctx, viewer, request);
      return { ...base, workout_id: made.workout_id, notes: made.notes };
    }
    case 'workout': {
      const made = await generateProgram(ctx, viewer, request);
      return { ...base, program_id: made.program_id, notes: made.notes };
    }
    case 'diet': {
      const made = await generateDiet(ctx, viewer, request);
      return { ...base, diet_id: made.diet_id, notes: made.notes };
    }
    case 'nutritionist':
    case 'trainer': {
      const answered = await answerQuestion(ctx, viewer, {
        question: request.question ?? '',
        trainer_action: request.trainer_action,
        trainer_persona_id: request.trainer_persona_id,
      });
      return {
        ...base,
        answer: answered.answer,
        citations: answered.citations,
        thread_id: answered.thread_id,
        // The web shows notes with the answer: a model failure is said there.
        notes: answered.notice ? [answered.notice] : [],
      };
    }
    case 'quick_exercise': {
      const found = await exerciseSteps(ctx, viewer, {
        exercise_name: request.exercise_name ?? '',
        trainer_persona_id: request.trainer_persona_id,
      });
      return { ...base, steps: found.steps, cues: found.cues, mistakes: found.mistakes };
    }
  }
}
