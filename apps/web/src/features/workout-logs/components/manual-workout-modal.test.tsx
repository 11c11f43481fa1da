// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ManualWorkoutModal } from './manual-workout-modal';

describe('the manual log’s ratings', () => {
  it('give every star a name of its own, saying which rating it belongs to', () => {
    renderWithApp(<ManualWorkoutModal opened onClose={vi.fn()} onLogged={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Record a workout' });

    // A star is named by its aria-label (Testing Library finds it by that name below).
    const names = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);

    for (const rating of ['Energy level', 'Sleep quality']) {
      const group = within(dialog).getByRole('radiogroup', { name: rating });
      const stars = within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label'))
        // Mantine's Rating adds a zero-width "no stars" radio before the first star.
        .filter((name) => !name?.endsWith('0 stars of 5'));
      expect(stars).toEqual([
        `${rating}: 1 star of 5`,
        `${rating}: 2 stars of 5`,
        `${rating}: 3 stars of 5`,
        `${rating}: 4 stars of 5`,
        `${rating}: 5 stars of 5`,
      ]);
      expect(within(group).getByRole('radio', { name: `${rating}: 3 stars of 5` })).toBeChecked();
    }
  });
});
