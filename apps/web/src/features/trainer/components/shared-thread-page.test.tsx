// @vitest-environment jsdom
import type { TrainerThreadDetail } from '@fitcoach/shared/trainer';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { SharedThreadPage } from './shared-thread-page';

const personas = {
  items: [{ id: 2, slug: 'marcus', name: 'Marcus Hale', description: '', specialty: 'Strength' }],
};

const shared: TrainerThreadDetail = {
  id: 88,
  title: 'How much protein do I need?',
  trainer_persona_id: 2,
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-19T10:05:00.000Z',
  is_mine: false,
  owner: { id: 3, name: 'Maya Rivera' },
  messages: [
    {
      id: 1,
      role: 'member',
      body: 'How much protein do I need?',
      citations: [],
      created_at: '2026-11-19T10:00:00.000Z',
    },
    {
      id: 2,
      role: 'trainer',
      body: 'About 1.6 to 2.2 grams per kilogram a day.',
      citations: [{ slug: 'protein-needs', title: 'How much protein to build muscle' }],
      created_at: '2026-11-19T10:00:01.000Z',
    },
  ],
};

function renderPage(onCopied = vi.fn()) {
  const view = renderWithApp(
    <SharedThreadPage id={88} chatHref={(id) => `/trainer?thread=${id}`} onCopied={onCopied} />,
  );
  return { ...view, onCopied };
}

describe('a trainer conversation read-only', () => {
  it('shows who shared it, the questions and cited replies, and copies it', async () => {
    const copy = { ...shared, id: 120, title: `${shared.title} (copy)`, is_mine: true };
    const api = mockApi()
      .on('GET /api/trainer/threads/88', shared)
      .on('GET /api/trainer_persona', personas)
      .on('POST /api/trainer/threads/88/copy', () => reply(201, copy));
    const { user, onCopied } = renderPage();

    await screen.findByRole('heading', { name: shared.title, level: 1 });
    expect(screen.getByText(/^Shared with you by Maya Rivera/)).toBeVisible();
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('Maya Rivera')).toBeVisible();
    expect(await within(log).findByText('Marcus Hale')).toBeVisible();
    expect(within(log).getByText('How much protein to build muscle')).toBeVisible();
    // Read-only: nothing to type into, no way into the chat.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go on in the chat' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy to my conversations' }));
    await vi.waitFor(() => expect(onCopied).toHaveBeenCalledOnce());
    expect(onCopied.mock.calls[0]?.[0]).toEqual(copy);
    expect(api.sent('POST /api/trainer/threads/88/copy')).toHaveLength(1);
  });

  it('says why a copy failed, and opens the member’s own conversation in the chat', async () => {
    mockApi()
      .on('GET /api/trainer/threads/88', shared)
      .on('GET /api/trainer_persona', personas)
      .on('POST /api/trainer/threads/88/copy', () =>
        apiError(404, 'That conversation could not be found.'),
      );
    const { user, onCopied, unmount } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy to my conversations' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'That conversation could not be found.',
    );
    expect(onCopied).not.toHaveBeenCalled();
    unmount();

    mockApi()
      .on('GET /api/trainer/threads/88', { ...shared, is_mine: true })
      .on('GET /api/trainer_persona', personas);
    renderPage();
    const open = await screen.findByRole('link', { name: 'Go on in the chat' });
    expect(open).toHaveAttribute('href', '/trainer?thread=88');
    expect(screen.queryByRole('button', { name: 'Copy to my conversations' })).toBeNull();
    expect(within(screen.getByRole('log')).getAllByText('You')).toHaveLength(1);
  });
});
