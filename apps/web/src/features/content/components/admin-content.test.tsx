// @vitest-environment jsdom
import type { AdminExercise, AdminFood, AdminTag } from '@fitcoach/shared/content';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { apiError, mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { AdminContent } from './admin-content';

afterEach(async () => {
  await changeLocale('en');
});

const strength: AdminTag = {
  id: 3,
  slug: 'strength',
  name: 'Strength',
  retired_at: null,
  in_use: 40,
};
const press: AdminExercise = {
  id: 7,
  slug: 'landmine-press',
  name: 'Landmine press',
  description: 'A one-arm press along an arc.',
  kind: 'reps',
  default_duration_seconds: null,
  primary_muscles: ['front_delts'],
  secondary_muscles: [],
  equipment: ['landmine'],
  tags: [{ id: 3, slug: 'strength', name: 'Strength' }],
  has_video: false,
  steps: ['Hold the bar at your shoulder.', 'Press it up.'],
  video_url: null,
  retired_at: null,
  in_use: 2,
};
const skyr: AdminFood = {
  id: 11,
  slug: 'skyr',
  name: 'Skyr',
  category: 'dairy',
  kcal: 63,
  protein_g: 11,
  carbs_g: 4,
  fat_g: 0.2,
  fiber_g: 0,
  diet_tags: ['vegetarian'],
  meals: ['breakfast'],
  serving_g: 170,
  serving_label: '1 pot',
  retired_at: null,
  in_use: 0,
};
const page = <T,>(items: T[]) => ({ items, next_cursor: null });

describe('the Content tab', () => {
  it('lists exercises in use, searches them, and shows the retired ones when asked', async () => {
    const api = mockApi()
      .on('GET /api/admin/content/exercises', page([press]))
      .on('GET /api/admin/content/exercises?limit=25&status=active&q=zz', page([]))
      .on(
        'GET /api/admin/content/exercises?limit=25&status=retired',
        page([{ ...press, retired_at: '2026-03-01T10:00:00Z' }]),
      );
    const { user } = renderWithApp(<AdminContent />);
    const table = await screen.findByRole('table', { name: 'Exercises' });
    const row = within(table).getByRole('row', { name: /Landmine press/ });
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(api.sent('GET /api/admin/content/exercises')[0]?.query.get('status')).toBe('active');

    await user.type(screen.getByRole('searchbox', { name: 'Search Exercises' }), 'zz');
    expect(await screen.findByText('Nothing matches.')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search Exercises' }));
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Retired' }));
    const retired = await screen.findByRole('button', { name: 'Restore Landmine press' });
    expect(retired).toBeTruthy();
  });

  it(
    'checks a new exercise with the shared rules before sending it, then creates it',
    {
      timeout: 60_000,
    },
    async () => {
      const api = mockApi()
        .on('GET /api/admin/content/exercises', page([]))
        .on('GET /api/admin/content/tags', page([strength]))
        .on('POST /api/admin/content/exercises', (request) => ({
          ...press,
          ...(request.body as object),
          id: 8,
          tags: [],
        }));
      const { user } = renderWithApp(<AdminContent />);
      await user.click(await screen.findByRole('button', { name: 'New exercise' }));
      const dialog = await screen.findByRole('dialog', { name: 'New exercise' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      // Nothing sent: the name, description, steps, muscles and equipment are missing.
      expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
      expect(within(dialog).getByText('Add at least one step.')).toBeTruthy();
      expect(within(dialog).getByText('Choose at least one main muscle.')).toBeTruthy();
      expect(api.sent('POST /api/admin/content/exercises')).toHaveLength(0);

      const fill = async (name: string, text: string) => {
        await user.click(within(dialog).getByRole('textbox', { name }));
        await user.paste(text);
      };
      await fill('Name', 'Cable fly');
      await fill('Description', 'Hug a tree.');
      await fill('How-to steps', 'Stand between the cables.\n\nBring the handles together.');
      await user.click(within(dialog).getByRole('radio', { name: 'Timed' }));
      await user.click(within(dialog).getByRole('combobox', { name: /^Main muscles/ }));
      await user.click(await screen.findByRole('option', { name: 'Chest' }));
      await user.click(within(dialog).getByRole('combobox', { name: /^Equipment/ }));
      await user.click(await screen.findByRole('option', { name: 'Cable machine' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      // A timed exercise needs its duration.
      expect(await within(dialog).findByText('A timed exercise needs a duration.')).toBeTruthy();
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Default duration of a set (seconds)' }),
        '30',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Cable fly is saved.')).toBeTruthy();
      expect(api.sent('POST /api/admin/content/exercises')[0]?.body).toEqual({
        name: 'Cable fly',
        description: 'Hug a tree.',
        steps: ['Stand between the cables.', 'Bring the handles together.'],
        kind: 'timed',
        default_duration_seconds: 30,
        primary_muscles: ['chest'],
        secondary_muscles: [],
        equipment: ['cable'],
        tag_ids: [],
      });
    },
  );

  it('shows the server’s refusal on the field it names', async () => {
    mockApi()
      .on('GET /api/admin/content/exercises', page([press]))
      .on('GET /api/admin/content/foods', page([skyr]))
      .on('PUT /api/admin/content/foods/11', () =>
        apiError(400, 'Correct the fields.', [
          { path: 'name', message: 'Another item already has this name.' },
        ]),
      );
    const { user } = renderWithApp(<AdminContent />);
    await user.click(await screen.findByRole('radio', { name: 'Foods' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Skyr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Skyr' });
    expect(within(dialog).getByRole('textbox', { name: 'A serving, in words' })).toHaveValue(
      '1 pot',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another item already has this name.')).toBeTruthy();
  });

  it('retires at once, and deletes after a confirmation that says what will happen', async () => {
    const api = mockApi()
      .on('GET /api/admin/content/exercises', page([press]))
      .on('POST /api/admin/content/exercises/7/retire', {
        ...press,
        retired_at: '2026-03-01T10:00:00Z',
      })
      .on('DELETE /api/admin/content/exercises/7', {
        outcome: 'retired',
        item: { ...press, retired_at: '2026-03-01T10:00:00Z' },
      });
    const { user } = renderWithApp(<AdminContent />);
    await user.click(await screen.findByRole('button', { name: 'Retire Landmine press' }));
    expect(await screen.findByText('Landmine press is retired.')).toBeTruthy();
    expect(api.sent('POST /api/admin/content/exercises/7/retire')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Landmine press' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Landmine press?' });
    expect(within(confirm).getByText(/used in 2 places, so it cannot be deleted/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Retire' }));
    expect(
      await screen.findByText('Landmine press is in use, so it was retired instead of deleted.'),
    ).toBeTruthy();
    await waitFor(() => expect(api.sent('DELETE /api/admin/content/exercises/7')).toHaveLength(1));
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    mockApi().on('GET /api/admin/content/exercises', page([press]));
    renderWithApp(<AdminContent />);
    expect(await screen.findByRole('table', { name: 'Ejercicios' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo ejercicio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirar Landmine press' })).toBeTruthy();
  });
});
