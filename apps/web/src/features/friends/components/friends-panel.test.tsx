// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { FriendsOverview } from '@fitcoach/shared/friends';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { FriendsPanel } from './friends-panel';

const since = '2026-01-01T10:00:00.000Z';
const overview = (): FriendsOverview => ({
  friends: [{ id: 2, name: 'Jordan Lee', avatar_url: null, last_active_at: null, since }],
  incoming: [{ id: 3, name: 'Sam Ortiz', avatar_url: null, since }],
  outgoing: [{ id: 4, name: 'Kim Park', avatar_url: null, since }],
  blocked: [],
});

const result = (id: number, name: string, relationship: string) => ({
  member: { id, name, avatar_url: null },
  relationship,
});

describe('FriendsPanel', () => {
  it('lists the four sections, with empty states', async () => {
    mockApi().on('GET /api/friends', overview());
    renderWithApp(<FriendsPanel />);
    const friends = await screen.findByRole('region', { name: 'Friends' });
    expect(within(friends).getByText('Jordan Lee')).toBeTruthy();
    expect(within(friends).getByText('Not active yet')).toBeTruthy();
    const received = screen.getByRole('region', { name: 'Requests received' });
    expect(within(received).getByRole('button', { name: 'Accept' })).toBeTruthy();
    const sent = screen.getByRole('region', { name: 'Requests sent' });
    expect(within(sent).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Blocked' })).getByText(
        'You have not blocked anyone.',
      ),
    ).toBeTruthy();
  });

  it('accepts a request and reads the lists again', async () => {
    const api = mockApi()
      .on('GET /api/friends', overview())
      .on('POST /api/friends/3/accept', result(3, 'Sam Ortiz', 'friend'));
    const { user } = renderWithApp(<FriendsPanel />);
    const received = await screen.findByRole('region', { name: 'Requests received' });
    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    await screen.findByText('You and Sam Ortiz are now friends.');
    expect(api.sent('POST /api/friends/3/accept')).toHaveLength(1);
    expect(api.sent('GET /api/friends').length).toBeGreaterThanOrEqual(2);
  });

  it('removes a friend only after the confirmation', async () => {
    const api = mockApi()
      .on('GET /api/friends', overview())
      .on('DELETE /api/friends/2', result(2, 'Jordan Lee', 'none'));
    const { user } = renderWithApp(<FriendsPanel />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Jordan Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove friend' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove Jordan Lee from your friends?',
    });
    expect(api.sent('DELETE /api/friends/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove friend' }));
    await screen.findByText('Jordan Lee was removed from your friends.');
    expect(api.sent('DELETE /api/friends/2')).toHaveLength(1);
  });

  it('reports a friend’s profile from the menu, and a stranger’s who asked to be one', async () => {
    const api = mockApi()
      .on('GET /api/friends', overview())
      .on('POST /api/reports', (request) => ({
        id: 1,
        ...(request.body as object),
        details: '',
        status: 'open',
        created_at: since,
      }));
    const { user } = renderWithApp(<FriendsPanel />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Jordan Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report Jordan Lee’s profile' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thanks for your report. An admin will look at it.');

    const received = screen.getByRole('region', { name: 'Requests received' });
    await user.click(within(received).getByRole('button', { name: 'Report Sam Ortiz’s profile' }));
    dialog = await screen.findByRole('dialog', { name: 'Report Sam Ortiz’s profile' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(api.sent('POST /api/reports')).toHaveLength(2));
    expect(api.sent('POST /api/reports').map((r) => r.body)).toEqual([
      { kind: 'profile', target_id: 2, reason: 'spam', details: '' },
      { kind: 'profile', target_id: 3, reason: 'harassment', details: '' },
    ]);
  });

  it('says when the lists could not be loaded', async () => {
    mockApi().on('GET /api/friends', () => new Response(null, { status: 500 }));
    renderWithApp(<FriendsPanel />);
    expect(await screen.findByText('Your friends could not be loaded')).toBeTruthy();
  });
});
