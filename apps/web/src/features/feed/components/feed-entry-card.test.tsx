// @vitest-environment jsdom
import type { FeedEntry } from '@fitcoach/shared/feed';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n/i18n';
import { mockApi } from '../../../test/api-mock';
import { createTestQueryClient, renderWithApp } from '../../../test/render';
import { feedKeys } from '../api/keys';
import { FeedEntryCard } from './feed-entry-card';

const entry: FeedEntry = {
  id: 7,
  mine: false,
  member: { id: 2, name: 'Jordan Lee', avatar_url: null },
  workout_id: null,
  title: 'Hill sprints',
  performed_on: '2026-03-02',
  duration_seconds: 1500,
  total_volume: 0,
  total_reps: 0,
  weight_unit: 'kg',
  achievements: [{ img: '/achievements/first-workout.svg', header: 'First workout!', details: '' }],
  kudos_count: 0,
  kudos_given: false,
  comment_count: 0,
  comments: [],
};

afterEach(async () => {
  await changeLocale('en');
});

function render(shown: FeedEntry = entry) {
  const client = createTestQueryClient();
  client.setQueryData(feedKeys.list(), {
    pages: [{ items: [entry], next_cursor: null }],
    pageParams: [null],
  });
  return renderWithApp(<FeedEntryCard entry={shown} />, { client });
}

describe('a feed entry', () => {
  it('names the member and workout, shows badges, and sends kudos with aria-pressed', async () => {
    const api = mockApi().on('POST /api/feed/7/kudos', {
      log_id: 7,
      given: true,
      kudos_count: 1,
    });
    const { user } = render();
    const card = screen.getByRole('article', { name: 'Workout by Jordan Lee' });
    expect(within(card).getByText('Jordan Lee completed Hill sprints')).toBeVisible();
    expect(within(card).getByText('First workout!')).toBeVisible();
    const kudos = within(card).getByRole('button', { name: '0 kudos' });
    expect(kudos).toHaveAttribute('aria-pressed', 'false');
    await user.click(kudos);
    expect(api.sent('POST /api/feed/7/kudos')[0]?.body).toEqual({ given: true });
  });

  it('sends a trimmed comment', async () => {
    const api = mockApi().on('POST /api/feed/7/comments', {
      id: 1,
      log_id: 7,
      body: 'Fast!',
      author: { id: 1, name: 'Sam Okafor', avatar_url: null },
      created_at: '2026-03-02T10:00:00Z',
      can_delete: true,
    });
    const { user } = render();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), '  Fast!  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(api.sent('POST /api/feed/7/comments')[0]?.body).toEqual({ body: 'Fast!' });
  });
});

describe('your own feed entry', () => {
  it('speaks to you in the second person, in English and in Spanish', async () => {
    const mine = { ...entry, mine: true, member: { id: 1, name: 'Sam Okafor', avatar_url: null } };
    const { unmount } = render(mine);
    const card = screen.getByRole('article', { name: 'Your workout' });
    expect(within(card).getByText('You completed Hill sprints')).toBeVisible();
    unmount();
    await changeLocale('es');
    render(mine);
    const tarjeta = screen.getByRole('article', { name: 'Tu entrenamiento' });
    expect(within(tarjeta).getByText('Completaste Hill sprints')).toBeVisible();
  });
});
