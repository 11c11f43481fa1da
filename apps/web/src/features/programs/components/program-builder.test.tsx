// @vitest-environment jsdom
import { PROGRAM_DAY_MAX_ITEMS, type ProgramDetail } from '@fitcoach/shared/programs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { ProgramBuilder, stage, toDays, type ItemPicker, type StagedItem } from './program-builder';

afterEach(async () => {
  await changeLocale('en');
});

const picker = (name: string, items: { id: number; title: string }[]): ItemPicker => ({
  queryKey: ['test', name],
  search: (q) =>
    Promise.resolve({
      items: items.filter((i) => i.title.toLowerCase().includes(q.toLowerCase())),
      next_cursor: null,
    }),
});
const pickers = {
  workout: picker('workouts', [
    { id: 11, title: 'Squat day' },
    { id: 12, title: 'Pull day' },
  ]),
  diets: picker('diets', [{ id: 31, title: 'Lean week' }]),
};

const saved = { id: 77, title: 'Base' } as ProgramDetail;

function renderBuilder(canPublish = false) {
  const onSaved = vi.fn();
  const view = renderWithApp(
    <ProgramBuilder pickers={pickers} canPublish={canPublish} onSaved={onSaved} />,
  );
  return { ...view, onSaved };
}

async function pick(user: ReturnType<typeof renderBuilder>['user'], label: string, option: string) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('staging rules', () => {
  it('stages an item only if one was picked and it is not already on that day', () => {
    const squat: StagedItem = { kind: 'workout', id: 11, title: 'Squat day' };
    expect(stage([], null).result).toBe('empty');
    const once = stage([], squat);
    expect(once.result).toBe('staged');
    expect(stage(once.day, squat).result).toBe('duplicate');
    // The same id as a diet is another item.
    expect(stage(once.day, { ...squat, kind: 'diets' }).result).toBe('staged');
    // A day takes at most PROGRAM_DAY_MAX_ITEMS workouts (and as many diets), as the server.
    const full = Array.from({ length: PROGRAM_DAY_MAX_ITEMS }, (_, k): StagedItem => ({
      kind: 'workout',
      id: 100 + k,
      title: `W${k}`,
    }));
    expect(stage(full, squat)).toEqual({ result: 'full', day: full });
    expect(stage(full, { ...squat, kind: 'diets' }).result).toBe('staged');
    const days = new Map([
      ['2-3', [squat, { kind: 'diets', id: 31, title: 'Lean' }]],
      ['1-1', [squat, { kind: 'workout', id: 12, title: 'Pull' }]],
      ['5-1', [squat]],
    ] as [`${number}-${number}`, StagedItem[]][]);
    expect(toDays(days, 4)).toEqual([
      { week: 1, weekday: 1, workout_ids: '11,12', diet_ids: '' },
      { week: 2, weekday: 3, workout_ids: '11', diet_ids: '31' },
    ]);
  });
});

describe('the program builder', () => {
  it('opens the day modal on diets when asked (the spec’s ?tab=diets)', async () => {
    const { user } = renderWithApp(
      <ProgramBuilder pickers={pickers} canPublish={false} dayKind="diets" onSaved={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: /^Week 1, Monday: 0 items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Week 1, Monday' });
    expect(within(dialog).getByRole('radio', { name: 'Diet' })).toBeChecked();
    await pick(user, 'Diet', 'Lean week');
    await user.click(within(dialog).getByRole('button', { name: 'Add to this day' }));
    expect(within(dialog).getByRole('listitem').textContent).toContain('Lean week');
  });

  it('opens a day’s modal for its week and weekday, stages by the rules, moves, repeats and saves', async () => {
    const api = mockApi().on('POST /api/program', saved);
    const { user, onSaved } = renderBuilder();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Base');
    const weeks = screen.getByRole('textbox', { name: 'Weeks (1–52)' });
    await user.clear(weeks);
    await user.type(weeks, '3');
    await user.click(screen.getByRole('button', { name: /^Week 1, Monday: 0 items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Week 1, Monday' });
    // The modal carries the day's week number and weekday number.
    expect(document.querySelector('[data-week="1"][data-weekday="1"]')).not.toBeNull();

    // Nothing picked: refused.
    await user.click(within(dialog).getByRole('button', { name: 'Add to this day' }));
    expect(within(dialog).getByText('Pick one first.')).toBeVisible();
    await pick(user, 'Workout', 'Squat day');
    await user.click(within(dialog).getByRole('button', { name: 'Add to this day' }));
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Squat day');
    // The same workout again on that day: refused.
    await pick(user, 'Workout', 'Squat day');
    await user.click(within(dialog).getByRole('button', { name: 'Add to this day' }));
    expect(within(dialog).getByText('This is already on this day.')).toBeVisible();
    // A diet from the diets tab.
    await user.click(within(dialog).getByRole('radio', { name: 'Diet' }));
    await pick(user, 'Diet', 'Lean week');
    await user.click(within(dialog).getByRole('button', { name: 'Add to this day' }));
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    // The keyboard's move: the diet goes to Wednesday.
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Move “Lean week” to' }),
      'Week 1, Wednesday',
    );
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await user.keyboard('{Escape}');

    // Repeat week 1 onto weeks 2–3.
    const to = screen.getByRole('textbox', { name: 'to' });
    await user.clear(to);
    await user.type(to, '3');
    await user.click(screen.getByRole('button', { name: 'Repeat week 1 for weeks 2–3' }));
    expect(screen.getByRole('button', { name: /^Week 3, Monday: 1 item/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.sent('POST /api/program')[0]!.body).toMatchObject({
      title: 'Base',
      weeks: 3,
      visibility: 'private',
      days: [
        { week: 1, weekday: 1, workout_ids: '11', diet_ids: '' },
        { week: 1, weekday: 3, workout_ids: '', diet_ids: '31' },
        { week: 2, weekday: 1, workout_ids: '11', diet_ids: '' },
        { week: 2, weekday: 3, workout_ids: '', diet_ids: '31' },
        { week: 3, weekday: 1, workout_ids: '11', diet_ids: '' },
        { week: 3, weekday: 3, workout_ids: '', diet_ids: '31' },
      ],
    });
  });

  it('asks for a title, keeps the library for coaches, and shows the server’s refusal', async () => {
    mockApi().on('POST /api/program', () =>
      Response.json(
        {
          error: 'validation_failed',
          message: 'Please correct the highlighted fields.',
          issues: [{ path: 'days.0.workout_ids', message: 'These workouts do not exist' }],
        },
        { status: 400 },
      ),
    );
    const { user, onSaved } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(screen.getByText('Give the program a title.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Library' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Base');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The program was not saved');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    renderBuilder(true);
    expect(screen.getByRole('button', { name: 'Crear programa' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Biblioteca' })).toBeEnabled();
  });
});
