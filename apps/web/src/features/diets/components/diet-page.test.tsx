// @vitest-environment jsdom
import type { DietChangeResult, DietDetail, DietVersionList } from '@fitcoach/shared/diets';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import type { FriendPicker } from '../../../components/share-with-friends-modal';
import { DietPage } from './diet-page';

afterEach(async () => {
  await changeLocale('en');
});

const computed: DietDetail = {
  id: 2,
  title: 'Vegetarian day, 1631 kcal',
  meal_preference: 'vegetarian',
  goal: 'hiit',
  version: 1,
  kcal: 1631,
  owner: { id: 1, name: 'Alex' },
  shared_with_me: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  is_owner: true,
  targets: { kcal: 1631, protein_g: 110, carbs_g: 180, fat_g: 52 },
  totals: { kcal: 1620, protein_g: 108, carbs_g: 182, fat_g: 51 },
  inputs: {
    gender: 'female',
    age: 30,
    weight_kg: 64.5,
    height_cm: 170,
    workout_frequency: 3,
    workout_length: 45,
    goal: 'hiit',
    bmr: 1335,
    activity_factor: 1.358,
    goal_adjustment: -0.1,
  },
  exclusions: [],
  protein_focus: [],
  kcal_override: null,
  meals: [],
  notes: [],
};
const versions: DietVersionList = { items: [] };
const friendPicker: FriendPicker = {
  queryKey: ['friends'],
  search: () => Promise.resolve({ items: [], next_cursor: null }),
};

function renderDiet(diet: DietDetail) {
  mockApi().on('GET /api/diet/2', diet).on('GET /api/diet/2/versions', versions);
  renderWithApp(<DietPage dietId={2} friendPicker={friendPicker} onCopied={() => {}} />);
}

describe('the diet page’s targets line', () => {
  it('explains computed targets with the formula', async () => {
    renderDiet(computed);
    expect(
      await screen.findByText(
        /^Targets: resting energy 1,335 kcal \(Mifflin-St Jeor\) × activity 1.358, -10 %/,
      ),
    ).toBeInTheDocument();
  });

  it('says the member set the calories after "1800 kcal", not the stale formula', async () => {
    renderDiet({ ...computed, kcal_override: 1800, targets: { ...computed.targets, kcal: 1800 } });
    expect(await screen.findByText(/^Calorie target set by you: 1,800 kcal\./)).toBeInTheDocument();
    expect(screen.queryByText(/Mifflin-St Jeor/)).not.toBeInTheDocument();
  });

  it('writes the formula’s numbers the Spanish way', async () => {
    await changeLocale('es');
    renderDiet({ ...computed, inputs: { ...computed.inputs, bmr: 2335 } });
    // "1.358" would read as one thousand three hundred and fifty-eight in Spanish.
    expect(
      await screen.findByText(
        'Objetivos: energía en reposo 2335 kcal (Mifflin-St Jeor) × actividad 1,358, -10 % por el objetivo.',
      ),
    ).toBeInTheDocument();
  });

  it('says so in Spanish too', async () => {
    await changeLocale('es');
    renderDiet({ ...computed, kcal_override: 1800, targets: { ...computed.targets, kcal: 1800 } });
    expect(
      await screen.findByText(/^Objetivo de calorías fijado por ti: 1800 kcal\./),
    ).toBeInTheDocument();
  });
});

describe('the edit dialog', () => {
  it('shows who read the request beside what changed', async () => {
    const changed: DietChangeResult = {
      diet: { ...computed, version: 2, exclusions: ['dairy'] },
      diff: {
        meals_added: [],
        meals_removed: [],
        items: [],
        targets_before: computed.targets,
        targets_after: computed.targets,
        meal_preference_before: 'vegetarian',
        meal_preference_after: 'vegetarian',
      },
      summary: 'Changed to no dairy.',
      notes: [
        'The AI model had a problem answering. Your request was read by FitCoach’s own parser instead.',
      ],
    };
    const api = mockApi()
      .on('GET /api/diet/2', computed)
      .on('GET /api/diet/2/versions', versions)
      .on('PUT /api/diet/2', changed);
    const { user } = renderWithApp(
      <DietPage dietId={2} friendPicker={friendPicker} onCopied={() => {}} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(await screen.findByLabelText('What should change?'), 'no dairy');
    await user.click(screen.getByRole('button', { name: 'Apply change' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Changed to no dairy.');
    expect(status).toHaveTextContent(/own parser instead\.$/);
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      change_request: 'no dairy',
    });
  });
});
