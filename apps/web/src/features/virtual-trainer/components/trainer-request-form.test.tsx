// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { initialTrainerValues } from './trainer-form-values';
import { TrainerRequestForm } from './trainer-request-form';

const labels = [
  'Quick workout',
  'Program',
  'Diet',
  'Ask a nutritionist',
  'Ask a trainer',
  'Exercise how-to',
];

function renderForm(action: Parameters<typeof initialTrainerValues>[1] = 'diet') {
  return renderWithApp(
    <TrainerRequestForm initialValues={initialTrainerValues(null, action)} onResult={vi.fn()} />,
  );
}

describe('the virtual trainer form', () => {
  it('offers the six actions as one named radio group, each named by its label with its hint', () => {
    renderForm();
    const group = screen.getByRole('radiogroup', { name: 'What would you like?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(6);
    expect(labels.map((name) => within(group).getByRole('radio', { name }))).toEqual(radios);
    expect(within(group).getByRole('radio', { name: 'Diet' })).toHaveAccessibleDescription(
      "A day's meals to your targets",
    );
  });

  it('keeps the preset action checked and is one Tab stop: the chosen action', async () => {
    const { user } = renderForm('workout');
    const group = screen.getByRole('radiogroup', { name: 'What would you like?' });
    const program = within(group).getByRole('radio', { name: 'Program' });
    expect(program).toBeChecked();
    expect(within(group).getAllByRole('radio', { checked: true })).toEqual([program]);

    await user.tab();
    expect(program).toHaveFocus();
    // The next Tab leaves the group for the first field, never to another action.
    await user.tab();
    expect(screen.getByRole('combobox', { name: /^Gender/ })).toHaveFocus();
    await user.tab({ shift: true });
    expect(program).toHaveFocus();
  });

  it('moves and chooses with the arrow keys, wrapping round, the Tab stop following', async () => {
    const { user } = renderForm('workout');
    const radio = (name: string) => screen.getByRole('radio', { name });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(radio('Diet')).toHaveFocus();
    expect(radio('Diet')).toBeChecked();
    expect(radio('Program')).not.toBeChecked();
    // The fields follow the action: a diet asks for the meal preference, not the weeks.
    expect(screen.getByRole('combobox', { name: /^Meal preference/ })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Weeks/ })).toBeNull();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('Quick workout')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(radio('Exercise how-to')).toHaveFocus();
    expect(radio('Exercise how-to')).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(radio('Quick workout')).toBeChecked();

    // Tab out and back: the group is entered at the action now chosen.
    await user.tab();
    await user.tab({ shift: true });
    expect(radio('Quick workout')).toHaveFocus();
    for (const name of labels.filter((l) => l !== 'Quick workout'))
      expect(radio(name)).toHaveAttribute('tabindex', '-1');
  });

  it('sends the chosen action with the member’s own date', async () => {
    const result: VirtualTrainerResult = {
      trainer_action: 'nutritionist',
      workout_id: null,
      program_id: null,
      diet_id: null,
      thread_id: 3,
      answer: 'About 1.6 g per kg of body weight a day.',
      citations: [],
      steps: [],
      cues: [],
      mistakes: [],
      notes: [],
    };
    const api = mockApi().on('POST /api/virtual_trainer', result);
    const onResult = vi.fn();
    const { user } = renderWithApp(
      <TrainerRequestForm
        initialValues={{ ...initialTrainerValues(null, 'quick_workout'), gender: 'female' }}
        onResult={onResult}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Ask a nutritionist' }));
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'How much protein?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledOnce());
    expect(onResult.mock.calls[0]![0]).toEqual(result);
    const [sent] = api.sent('POST /api/virtual_trainer');
    expect(sent!.body).toMatchObject({
      trainer_action: 'nutritionist',
      gender: 'female',
      question: 'How much protein?',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
