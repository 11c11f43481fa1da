// @vitest-environment jsdom
import type { WorkoutExercise } from '@fitcoach/shared/workouts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { initialProgress } from '../workout-progress';
import { ExerciseBlock, targetText } from './exercise-block';

const squat: WorkoutExercise = {
  id: 4,
  exercise_id: 40,
  position: 0,
  name: 'Back squat',
  slug: 'back-squat',
  kind: 'reps',
  video_url: null,
  sets: 3,
  reps: 5,
  // 80 kg, as the server converts it for an imperial member.
  weight: 176.37,
  duration_seconds: null,
  rest_seconds: 120,
};

describe('a prescribed weight on the workout page', () => {
  it('reads as a load in the member’s units', () => {
    expect(targetText(squat, 'lb')).toBe('3 × 5 @ 177.5 lb');
    expect(targetText({ ...squat, weight: 26.46 }, 'lb')).toBe('3 × 5 @ 27.5 lb');
    expect(targetText({ ...squat, weight: 61.23 }, 'kg')).toBe('3 × 5 @ 61.25 kg');
    expect(targetText({ ...squat, weight: null }, 'lb')).toBe('3 × 5 @ bodyweight');
  });

  it('shows the loadable weight in the target and every set row', () => {
    const workout = {
      weight_unit: 'lb' as const,
      groups: [{ exercises: [squat] }],
    } as unknown as Parameters<typeof initialProgress>[0];
    renderWithApp(
      <ExerciseBlock
        exercise={squat}
        unit="lb"
        progress={initialProgress(workout)[squat.id]!}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByText(/^3 × 5 @ 177\.5 lb/)).toBeVisible();
    expect(screen.queryByText(/176\.37/)).not.toBeInTheDocument();
    for (const set of [1, 2, 3]) {
      expect(
        screen.getByRole('textbox', { name: `Back squat, set ${set}: weight (lb)` }),
      ).toHaveValue('177.5');
    }
  });
});
