// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { ExerciseTimer, TIMER_COMPLETE_MS } from './exercise-timer';

afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('en');
});

describe('the exercise timer', () => {
  it('speaks Spanish, and ends with the Spanish for "Timer Complete!"', async () => {
    await changeLocale('es');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<ExerciseTimer seconds={2} label="Plancha" autoStart />);

    const timer = screen.getByRole('timer', { name: 'Temporizador de Plancha' });
    expect(timer).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reiniciar temporizador' })).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(2_400));
    expect(screen.getByText('¡Tiempo cumplido!')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(TIMER_COMPLETE_MS));
    expect(screen.getByRole('button', { name: 'Iniciar temporizador' })).toBeVisible();
  });
});
