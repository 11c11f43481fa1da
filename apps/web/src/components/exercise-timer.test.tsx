// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
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

  it('announces "Timer Complete!" in a polite status region that is otherwise empty', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithApp(<ExerciseTimer seconds={2} label="Plank" />);
    const timer = screen.getByRole('timer', { name: 'Plank timer' });
    const status = within(timer).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();

    await user.click(within(timer).getByRole('button', { name: 'Start timer' }));
    // Ticking is not announced: the region stays empty while the countdown runs.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(status).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(status).toHaveTextContent(/^Timer Complete!$/);

    await act(() => vi.advanceTimersByTimeAsync(TIMER_COMPLETE_MS));
    expect(status).toBeEmptyDOMElement();
    expect(within(timer).getByText('0:02')).toBeVisible();
  });

  it('keeps the focus on its button through the end, and Reset hands it to Start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderWithApp(<ExerciseTimer seconds={1} label="Plank" />);
    const timer = screen.getByRole('timer', { name: 'Plank timer' });
    await user.click(within(timer).getByRole('button', { name: 'Start timer' }));
    expect(within(timer).getByRole('button', { name: 'Pause' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(within(timer).getByRole('status')).toHaveTextContent('Timer Complete!');
    const start = within(timer).getByRole('button', { name: 'Start timer' });
    expect(start).toBeEnabled();
    expect(start).toHaveFocus();

    // Started again while complete: a full countdown, not an instant end.
    await user.keyboard('{Enter}');
    expect(within(timer).getByText('0:01')).toBeVisible();
    await user.click(within(timer).getByRole('button', { name: 'Reset timer' }));
    expect(within(timer).getByRole('button', { name: 'Start timer' })).toHaveFocus();
    expect(within(timer).getByRole('button', { name: 'Reset timer' })).toBeDisabled();
  });
});
