// @vitest-environment jsdom
import type { Profile } from '@fitcoach/shared/profile';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { feedKeys } from '../../features/feed/api/keys';
import { profileKeys } from '../../features/profile/api/keys';
import { createTestQueryClient, renderWithApp } from '../../test/render';
import { Component as Home } from './home';

const profile: Profile = {
  id: 1,
  name: 'Maya Rivera',
  email: 'maya@example.com',
  role: 'member',
  gender: 'female',
  birth_date: '1994-03-12',
  measurement_type: 'metric',
  weight: 61.5,
  height: 168,
  workout_goal: 'hiit',
  sport_type: null,
  meal_preference: 'vegetarian',
  created_at: '2025-01-01T00:00:00Z',
  avatar_url: null,
  activity_visibility: 'friends',
  equipment: null,
};

/** The page with the profile its loader fetched. */
function renderHome() {
  const client = createTestQueryClient();
  client.setQueryData(profileKeys.all, profile);
  // A new member's feed: nothing yet.
  client.setQueryData(feedKeys.list(), {
    pages: [{ items: [], next_cursor: null }],
    pageParams: [null],
  });
  return renderWithApp(<Home />, { client });
}

afterEach(async () => {
  await changeLocale('en');
});

describe('the home page', () => {
  it('leads a member with an empty feed to the friends page', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeTruthy();
    expect(screen.getByText('Add friends to see their workouts here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find friends' }).getAttribute('href')).toBe(
      '/friends',
    );
  });

  it('greets the member with their body stats and goals', async () => {
    renderHome();

    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Maya$/ }),
    ).toBeVisible();
    expect(screen.getByText('61.5')).toBeVisible();
    // 61.5 kg over 1.68 m squared.
    expect(screen.getByText('21.8')).toBeVisible();
    expect(screen.getByText('healthy')).toBeVisible();
    expect(screen.getByText('HIIT')).toBeVisible();
    expect(screen.getByText('Vegetarian')).toBeVisible();
  });

  it('speaks Spanish, with Spanish decimals', async () => {
    await changeLocale('es');
    renderHome();

    expect(
      await screen.findByRole('heading', {
        name: /^(Buenos días|Buenas tardes|Buenas noches), Maya$/,
      }),
    ).toBeVisible();
    expect(screen.getByText('Así estás hoy.')).toBeVisible();
    expect(screen.getByText('Peso')).toBeVisible();
    expect(screen.getByText('61,5')).toBeVisible();
    expect(screen.getByText('21,8')).toBeVisible();
    expect(screen.getByText('saludable')).toBeVisible();
    expect(screen.getByText('Vegetariana')).toBeVisible();
    expect(screen.getByRole('link', { name: /Editar perfil/ })).toHaveAttribute('href', '/profile');
  });
});
