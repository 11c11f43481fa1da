// @vitest-environment jsdom
import type { CompletedExercise, LogResult } from '@fitcoach/shared/workout-logs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, TEST_CSRF_TOKEN } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { LogWorkoutModal } from './log-workout-modal';

const completed: CompletedExercise[] = [
  { exercise_id: 3, reps: [10, 8, 0], weights: [60, 62.5, 0], note: 'Felt strong' },
  { exercise_id: 9, reps: [0], durations: [45], weights: [] },
];

const noAchievement: LogResult = { log_id: 41, achievement: null, achievements: [] };

function renderModal(props: { startedAt?: number | null; completed?: CompletedExercise[] } = {}) {
  const onLogged = vi.fn<(result: LogResult) => void>();
  const onClose = vi.fn();
  const view = renderWithApp(
    <LogWorkoutModal
      opened
      onClose={onClose}
      workoutId={7}
      completed={props.completed ?? completed}
      startedAt={props.startedAt ?? null}
      onLogged={onLogged}
    />,
  );
  return {
    ...view,
    onLogged,
    onClose,
    dialog: screen.getByRole('dialog', { name: 'Log workout' }),
  };
}

/** Clicks the star drawn for a rating's radio (the radio itself only previews a value). */
function star(name: string): HTMLElement {
  const label = screen.getByRole<HTMLInputElement>('radio', { name }).labels?.[0];
  if (!label) throw new Error(`No star drawn for ${name}`);
  return label;
}

describe('the log workout modal', () => {
  it('says what was done', () => {
    renderModal();
    expect(screen.getByText('2 exercises, 3 sets done.')).toBeVisible();
  });

  it('warns when no set is filled in', () => {
    renderModal({ completed: [] });
    expect(
      screen.getByText('No sets are filled in yet. The log will keep your note and ratings only.'),
    ).toBeVisible();
  });

  it('rates energy and sleep out of 5 in whole steps, starting at 3', () => {
    renderModal();
    for (const label of ['Energy level', 'Sleep quality']) {
      const stars = screen
        .getAllByRole('radio', { name: new RegExp(`^${label}: `) })
        .map((star) => star.getAttribute('aria-label'))
        // Mantine's Rating adds a zero-width "no stars" radio before the first star.
        .filter((name) => name !== `${label}: 0 of 5`);
      expect(stars).toEqual([1, 2, 3, 4, 5].map((n) => `${label}: ${n} of 5`));
      expect(screen.getByRole('radio', { name: `${label}: 3 of 5` })).toBeChecked();
    }
  });

  it('rates with the arrow keys, from 1 to 5 without wrapping, each rating a named group', async () => {
    const api = mockApi().on('POST /api/workout/7/log', noAchievement);
    const { user, dialog } = renderModal();
    expect(within(dialog).getByRole('radiogroup', { name: 'Energy level' })).toBeVisible();
    expect(within(dialog).getByRole('radiogroup', { name: 'Sleep quality' })).toBeVisible();

    // The dialog first moves the focus in by itself; the rating is reached after that.
    await vi.waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const energy = screen.getByRole('radio', { name: 'Energy level: 3 of 5' });
    energy.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Energy level: 5 of 5' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Energy level: 5 of 5' })).toHaveFocus();

    screen.getByRole('radio', { name: 'Sleep quality: 3 of 5' }).focus();
    await user.keyboard('{ArrowLeft}{ArrowDown}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Sleep quality: 1 of 5' })).toBeChecked();
    await user.keyboard('{End}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Sleep quality: 4 of 5' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));
    await vi.waitFor(() => expect(api.sent('POST /api/workout/7/log')).toHaveLength(1));
    expect(api.sent('POST /api/workout/7/log')[0]?.body).toMatchObject({
      energy_level: 5,
      sleep_quality: 4,
    });
  });

  it('sends the note, the verdict, the sets and both ratings', async () => {
    const api = mockApi().on('POST /api/workout/7/log', noAchievement);
    const { user, onLogged, dialog } = renderModal({ startedAt: Date.now() - 30 * 60_000 });

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Last set was hard');
    await user.click(within(dialog).getByRole('radio', { name: 'Liked it' }));
    await user.click(star('Energy level: 5 of 5'));
    await user.click(star('Sleep quality: 2 of 5'));
    expect(screen.getByRole('radio', { name: 'Energy level: 5 of 5' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));

    await vi.waitFor(() => expect(onLogged).toHaveBeenCalled());
    expect(onLogged.mock.calls[0]?.[0]).toEqual(noAchievement);
    const [request] = api.sent('POST /api/workout/7/log');
    expect(request?.headers['x-csrf-token']).toBe(TEST_CSRF_TOKEN);
    expect(request?.body).toEqual({
      note: 'Last set was hard',
      liked_or_disliked: 'liked',
      completedExercises: completed,
      energy_level: 5,
      sleep_quality: 2,
      performed_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      duration_seconds: expect.any(Number),
    });
    // Timed from the first set entered, about half an hour ago.
    expect((request?.body as { duration_seconds: number }).duration_seconds).toBeGreaterThanOrEqual(
      1800,
    );
  });

  it('sends no verdict and the initial ratings when none are changed, then "Not for me"', async () => {
    const api = mockApi().on('POST /api/workout/7/log', noAchievement);
    const { user, dialog } = renderModal();

    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));
    await vi.waitFor(() => expect(api.sent('POST /api/workout/7/log')).toHaveLength(1));
    expect(api.sent('POST /api/workout/7/log')[0]?.body).toMatchObject({
      note: '',
      liked_or_disliked: null,
      energy_level: 3,
      sleep_quality: 3,
    });
    expect(api.sent('POST /api/workout/7/log')[0]?.body).not.toHaveProperty('duration_seconds');

    await user.click(within(dialog).getByRole('radio', { name: 'Not for me' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));
    await vi.waitFor(() => expect(api.sent('POST /api/workout/7/log')).toHaveLength(2));
    expect(api.sent('POST /api/workout/7/log')[1]?.body).toMatchObject({
      liked_or_disliked: 'disliked',
    });
  });

  it('shows the server’s answer when the log fails, and stays open', async () => {
    mockApi().on('POST /api/workout/7/log', () =>
      apiError(422, 'This workout was deleted; your sets were not saved.'),
    );
    const { user, onLogged, dialog } = renderModal();

    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not log the workout');
    expect(alert).toHaveTextContent('This workout was deleted; your sets were not saved.');
    expect(onLogged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Log workout' })).toBeVisible();
  });

  it('hands the achievement the answer carries to the page', async () => {
    const earned: LogResult = {
      log_id: 42,
      achievement: { img: '/badges/first.svg', header: 'First workout', details: 'You did it.' },
      achievements: [
        { img: '/badges/first.svg', header: 'First workout', details: 'You did it.' },
        { img: '/badges/streak.svg', header: '3-day streak', details: 'Three days running.' },
      ],
    };
    mockApi().on('POST /api/workout/7/log', earned);
    const { user, onLogged, dialog } = renderModal();

    await user.click(within(dialog).getByRole('button', { name: 'Save log' }));

    await vi.waitFor(() => expect(onLogged).toHaveBeenCalledOnce());
    expect(onLogged.mock.calls[0]?.[0]).toEqual(earned);
  });

  it('closes on Cancel without sending anything', async () => {
    const api = mockApi();
    const { user, onClose, dialog } = renderModal();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.requests).toEqual([]);
  });
});
