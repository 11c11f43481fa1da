// @vitest-environment jsdom
import type { WorkoutExercise } from '@fitcoach/shared/workouts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n } from '../../../i18n/i18n';
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
    const t = i18n.getFixedT('en', 'workouts');
    expect(targetText(t, 'en', squat, 'lb')).toBe('3 × 5 @ 177.5 lb');
    expect(targetText(t, 'en', { ...squat, weight: 26.46 }, 'lb')).toBe('3 × 5 @ 27.5 lb');
    expect(targetText(t, 'en', { ...squat, weight: 61.23 }, 'kg')).toBe('3 × 5 @ 61.25 kg');
    expect(targetText(t, 'en', { ...squat, weight: null }, 'lb')).toBe('3 × 5 @ bodyweight');
  });

  it('shows the loadable weight in the target and every set row', () => {
    renderSquat();
    expect(screen.getByText(/^3 × 5 @ 177\.5 lb · rest 120 s$/)).toBeVisible();
    expect(screen.queryByText(/176\.37/)).not.toBeInTheDocument();
    for (const set of [1, 2, 3]) {
      expect(
        screen.getByRole('textbox', { name: `Back squat, set ${set}: weight (lb)` }),
      ).toHaveValue('177.5');
    }
  });

  it('reads in Spanish, with the Spanish decimal mark in the target and the set rows', async () => {
    await changeLocale('es');
    try {
      renderSquat();
      expect(screen.getByText('3 × 5 @ 177,5 lb · descanso de 120 s')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Vídeo de demostración' })).toBeVisible();
      for (const set of [1, 2, 3]) {
        expect(
          screen.getByRole('textbox', { name: `Back squat, serie ${set}: peso (lb)` }),
        ).toHaveValue('177,5');
      }
      // The exercise's name is library content: it stays as written.
      expect(screen.getByRole('button', { name: 'Back squat' })).toBeVisible();
    } finally {
      await changeLocale('en');
    }
  });
});

function renderSquat() {
  const workout = {
    weight_unit: 'lb' as const,
    groups: [{ exercises: [squat] }],
  } as unknown as Parameters<typeof initialProgress>[0];
  return renderWithApp(
    <ExerciseBlock
      exercise={squat}
      unit="lb"
      progress={initialProgress(workout)[squat.id]!}
      onChange={vi.fn()}
    />,
  );
}
