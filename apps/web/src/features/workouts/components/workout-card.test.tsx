// @vitest-environment jsdom
import type { WorkoutSummary } from '@fitcoach/shared/workouts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../../i18n/i18n';
import { renderWithApp } from '../../../test/render';
import { ownerLabel, WorkoutCard } from './workout-card';

const mine: WorkoutSummary = {
  id: 8,
  title: 'Morning strength',
  description: 'Squats and presses.',
  goal: 'weight_lifting',
  level: 'beginner',
  estimated_minutes: 45,
  is_public: false,
  tags: [{ id: 1, slug: 'strength', name: 'Strength' }],
  owner: { id: 3, name: 'Maya Rivera' },
  group_count: 3,
  exercise_count: 3,
  updated_at: '2026-11-01T00:00:00Z',
};

describe('ownerLabel', () => {
  it('credits FitCoach for library workouts, "You" for your own, and the friend otherwise', () => {
    const t = i18n.getFixedT('en', 'workouts');
    expect(ownerLabel(t, null, 3)).toBe('FitCoach');
    expect(ownerLabel(t, { id: 3, name: 'Maya Rivera' }, 3)).toBe('You');
    expect(ownerLabel(t, { id: 5, name: 'Sam Okafor' }, 3)).toBe('Sam Okafor');
  });
});

describe('a workout card', () => {
  it('reads in English', () => {
    renderWithApp(<WorkoutCard workout={mine} viewerId={3} />);
    const card = screen.getByRole('link', { name: 'Morning strength' });
    expect(card).toHaveTextContent('Private');
    expect(card).toHaveTextContent('Goal: Weight lifting');
    expect(card).toHaveTextContent('Level: Beginner');
    expect(card).toHaveTextContent('About 45 min');
    expect(card).toHaveTextContent('3 exercises');
    expect(card).toHaveTextContent('By You');
  });

  it('shows a friend’s name as written, markup-like characters included', () => {
    renderWithApp(
      <WorkoutCard
        workout={{ ...mine, owner: { id: 5, name: 'Sam <b>Lifts</b>' } }}
        viewerId={3}
      />,
    );
    expect(screen.getByRole('link', { name: 'Morning strength' })).toHaveTextContent(
      'By Sam <b>Lifts</b>',
    );
  });

  it('reads in Spanish, the member’s own words left as written', async () => {
    await changeLocale('es');
    try {
      renderWithApp(<WorkoutCard workout={{ ...mine, exercise_count: 1 }} viewerId={3} />);
      const card = screen.getByRole('link', { name: 'Morning strength' });
      expect(card).toHaveTextContent('Privado');
      expect(card).toHaveTextContent('Objetivo: Levantamiento de pesas');
      expect(card).toHaveTextContent('Nivel: Principiante');
      expect(card).toHaveTextContent('Unos 45 min');
      expect(card).toHaveTextContent('1 ejercicio');
      expect(card).toHaveTextContent('Por ti');
      expect(card).toHaveTextContent('Squats and presses.');
    } finally {
      await changeLocale('en');
    }
  });
});
