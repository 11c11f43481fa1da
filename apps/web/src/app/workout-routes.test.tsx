// @vitest-environment jsdom
import type { LogResult } from '@fitcoach/shared/workout-logs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LogWorkoutModal } from '../features/workouts/components/log-workout-modal';
import { mockApi } from '../test/api-mock';
import { renderWithApp } from '../test/render';
import { useLogOutcome } from './workout-routes';

/** The workout page's log button as the routes wire it: the modal, then the log's outcome. */
function LogFromWorkoutPage({ stay, afterLogged }: { stay?: boolean; afterLogged?: () => void }) {
  const { onLogged, achievementModal } = useLogOutcome(stay === undefined ? {} : { stay });
  return (
    <>
      <LogWorkoutModal
        opened
        onClose={vi.fn()}
        workoutId={7}
        completed={[]}
        startedAt={null}
        onLogged={(result) => {
          onLogged(result);
          afterLogged?.();
        }}
      />
      {achievementModal}
    </>
  );
}

function dialogWith(text: string): HTMLElement {
  const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText(text));
  if (!dialog) throw new Error(`No dialog shows “${text}”`);
  return dialog;
}

const badge = { img: '/badges/first-workout.svg', header: 'First workout', details: 'Day one.' };

describe('after a workout is logged', () => {
  it('shows the achievement it earned, then the history', async () => {
    const earned: LogResult = {
      log_id: 5,
      achievement: badge,
      achievements: [badge, { img: '/badges/streak.svg', header: 'Streak', details: '3 days' }],
    };
    mockApi().on('POST /api/workout/7/log', earned);
    const { user, router } = renderWithApp(<LogFromWorkoutPage />, { route: '/workouts/7' });

    await user.click(screen.getByRole('button', { name: 'Save log' }));

    // Announced as it opens: named by its header, described by the rest, focus on its button.
    const achievement = await screen.findByRole('dialog', { name: 'First workout' });
    expect(achievement).toHaveAccessibleDescription(/Achievement unlocked.*Day one\./);
    await vi.waitFor(() =>
      expect(within(achievement).getByRole('button', { name: 'Nice!' })).toHaveFocus(),
    );
    expect(within(achievement).getByText('Achievement unlocked')).toBeVisible();
    expect(within(achievement).getByText('Day one.')).toBeVisible();
    expect(
      within(achievement).getByText('…and 1 more. See them all in your personal stats.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/workouts/7');

    await user.click(within(achievement).getByRole('button', { name: 'Nice!' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/history'));
  });

  it('says it is logged and goes to the history when nothing was earned', async () => {
    mockApi().on('POST /api/workout/7/log', { log_id: 6, achievement: null, achievements: [] });
    const { user, router } = renderWithApp(<LogFromWorkoutPage />, { route: '/workouts/7' });

    await user.click(screen.getByRole('button', { name: 'Save log' }));

    expect(await screen.findByText('Workout logged')).toBeVisible();
    expect(screen.getByText('Nice work. It is in your history.')).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(screen.queryByText('Achievement unlocked')).not.toBeInTheDocument();
  });

  it('stays in guided mode, whose own finished screen says it is logged: no toast over it', async () => {
    mockApi().on('POST /api/workout/7/log', { log_id: 6, achievement: null, achievements: [] });
    const afterLogged = vi.fn();
    const { user, router } = renderWithApp(<LogFromWorkoutPage stay afterLogged={afterLogged} />, {
      route: '/workouts/7/guided',
    });

    await user.click(screen.getByRole('button', { name: 'Save log' }));

    await vi.waitFor(() => expect(afterLogged).toHaveBeenCalledOnce());
    // A toast would cover the finished screen's last link on a phone (e2e: workout.e2e.ts).
    await expect(
      screen.findByText('Nice work. It is in your history.', {}, { timeout: 300 }),
    ).rejects.toThrow();
    expect(router.state.location.pathname).toBe('/workouts/7/guided');
  });

  it('stays in guided mode after the achievement too', async () => {
    const earned: LogResult = { log_id: 7, achievement: badge, achievements: [badge] };
    mockApi().on('POST /api/workout/7/log', earned);
    const { user, router } = renderWithApp(<LogFromWorkoutPage stay />, {
      route: '/workouts/7/guided',
    });

    await user.click(screen.getByRole('button', { name: 'Save log' }));
    await screen.findByRole('heading', { name: 'First workout' });
    await user.click(
      within(dialogWith('Achievement unlocked')).getByRole('button', { name: 'Nice!' }),
    );

    await vi.waitFor(() =>
      expect(screen.queryByText('Achievement unlocked')).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/workouts/7/guided');
  });
});
