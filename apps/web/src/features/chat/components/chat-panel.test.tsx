// @vitest-environment jsdom
import type { ChatMessage, ChatMessagePage } from '@fitcoach/shared/chat';
import type * as ActionCable from '@rails/actioncable';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRealtime } from '../../../lib/realtime';
import { mockApi, reply } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { ChatPanel } from './chat-panel';

// The realtime layer runs as in the app; only the Action Cable connection is the test's.
vi.mock('@rails/actioncable', async (importOriginal) => {
  const { fakeCable: cable } = await import('../../../test/fake-cable');
  return {
    ...(await importOriginal<typeof ActionCable>()),
    createConsumer: () => cable.consumer,
  };
});

afterEach(() => {
  closeRealtime();
  fakeCable.reset();
});

const ME = 1;
const KIM = 2;

function message(id: number, from: number, body: string, read = false): ChatMessage {
  return {
    id,
    sender_id: from,
    recipient_id: from === ME ? KIM : ME,
    body,
    removed: false,
    created_at: new Date(Date.now() - (100 - id) * 60_000).toISOString(),
    read_at: read ? new Date().toISOString() : null,
  };
}

function page(items: ChatMessage[]): ChatMessagePage {
  // Newest first, as the server answers.
  return { items: [...items].reverse(), next_cursor: null, friend: { id: KIM, name: 'Kim' } };
}

function renderPanel(history: ChatMessagePage | (() => Response)) {
  const api = mockApi()
    .on(`GET /api/chat/${KIM}/messages`, history)
    .on(`POST /api/chat/${KIM}/read`, { total: 0, by_friend: [] });
  const view = renderWithApp(<ChatPanel friendId={KIM} height="400px" />);
  return { ...view, api };
}

describe('the chat panel', () => {
  it('shows mine and theirs as text, links clickable, and marks theirs read', async () => {
    const { api } = renderPanel(
      page([
        message(10, KIM, 'hi <b>there</b> see https://example.org/x.'),
        message(11, ME, 'hello', true),
        message(12, ME, 'still there?'),
      ]),
    );
    const list = await screen.findByRole('region', { name: 'Messages with Kim' });
    expect(within(list).getByText('hi <b>there</b> see', { exact: false })).toBeVisible();
    expect(list.querySelector('b')).toBeNull();
    const link = within(list).getByRole('link', { name: 'https://example.org/x' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // "Seen" under the last of mine Kim read, and only there.
    expect(within(list).getAllByText('Seen')).toHaveLength(1);
    expect(within(list).getByText('hello').closest('li')).toHaveTextContent('Seen');
    // Kim's message was shown: it is marked read.
    await vi.waitFor(() => expect(api.sent(`POST /api/chat/${KIM}/read`)).toHaveLength(1));
    expect(api.sent(`POST /api/chat/${KIM}/read`)[0]!.body).toEqual({ up_to_id: 10 });
  });

  it('sends on Enter, keeps Shift+Enter as a new line, and tells Kim it is typing', async () => {
    const { api, user } = renderPanel(page([]));
    api.on(`POST /api/chat/${KIM}/messages`, (request) =>
      reply(201, message(20, ME, (request.body as { body: string }).body)),
    );
    await screen.findByText('No messages yet. Say hello to Kim!');
    fakeCable.confirm('ChatChannel');
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('line one\nline two');
    expect(screen.getByText('17 / 4000')).toBeVisible();
    // Typing is told once per interval, not once per key.
    expect(fakeCable.performed).toEqual([{ channel: 'ChatChannel', action: 'typing' }]);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(input).toHaveValue(''));
    expect(api.sent(`POST /api/chat/${KIM}/messages`)[0]!.body).toEqual({
      body: 'line one\nline two',
    });
    const list = screen.getByRole('region', { name: 'Messages with Kim' });
    expect(within(list).getByText('line one', { exact: false })).toBeVisible();
  });

  it('shows Kim typing in a polite live region, and Kim’s message live', async () => {
    renderPanel(page([message(1, ME, 'ready?')]));
    await screen.findByText('ready?');
    fakeCable.confirm('ChatChannel');
    // My own typing, echoed on the stream, is not shown.
    fakeCable.push('ChatChannel', { type: 'typing', user_id: ME });
    expect(screen.queryByText('Kim is typing…')).toBeNull();
    fakeCable.push('ChatChannel', { type: 'typing', user_id: KIM });
    const typing = screen.getByText('Kim is typing…');
    expect(typing).toHaveAttribute('aria-live', 'polite');
    fakeCable.push('ChatChannel', { type: 'message', message: message(2, KIM, 'yes!') });
    expect(await screen.findByText('yes!')).toBeVisible();
    expect(screen.queryByText('Kim is typing…')).toBeNull();
    fakeCable.push('ChatChannel', { type: 'read', reader_id: KIM, up_to_id: 1 });
    expect(await screen.findByText('Seen')).toBeVisible();
  });

  it('refuses to count past 4,000 characters', async () => {
    const { user } = renderPanel(page([]));
    await screen.findByText('No messages yet. Say hello to Kim!');
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.click(input);
    await user.paste('x'.repeat(4001));
    expect(screen.getByText('A message can have at most 4000 characters.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says only friends can chat when the server ends the conversation', async () => {
    renderPanel(page([message(1, KIM, 'bye')]));
    await screen.findByText('bye');
    fakeCable.confirm('ChatChannel');
    fakeCable.reject('ChatChannel');
    expect(await screen.findByText('You can only message friends.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('lets me report Kim’s message from its menu, never my own', async () => {
    const { api, user } = renderPanel(
      page([message(30, KIM, 'You are useless'), message(31, ME, 'excuse me?')]),
    );
    api.on('POST /api/reports', () =>
      reply(201, {
        id: 1,
        kind: 'message',
        target_id: 30,
        reason: 'harassment',
        details: '',
        status: 'open',
        created_at: new Date().toISOString(),
      }),
    );
    const list = await screen.findByRole('region', { name: 'Messages with Kim' });
    // One menu: on Kim's message.
    const menus = within(list).getAllByRole('button', { name: 'Message options' });
    expect(menus).toHaveLength(1);
    expect(within(list).getByText('You are useless').closest('li')).toContainElement(menus[0]!);
    await user.click(menus[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Kim’s message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(api.sent('POST /api/reports')).toHaveLength(1));
    expect(api.sent('POST /api/reports')[0]!.body).toMatchObject({
      kind: 'message',
      target_id: 30,
      reason: 'harassment',
    });
  });

  it('shows a message an admin removed as removed, at once when it happens live', async () => {
    renderPanel(
      page([{ ...message(40, KIM, ''), removed: true }, message(41, KIM, 'another rude one')]),
    );
    const list = await screen.findByRole('region', { name: 'Messages with Kim' });
    expect(within(list).getAllByText('This message was removed by an admin.')).toHaveLength(1);
    fakeCable.confirm('ChatChannel');
    fakeCable.push('ChatChannel', { type: 'removed', message_id: 41 });
    await vi.waitFor(() =>
      expect(within(list).getAllByText('This message was removed by an admin.')).toHaveLength(2),
    );
    expect(within(list).queryByText('another rude one')).toBeNull();
    // Nothing left to report.
    expect(within(list).queryByRole('button', { name: 'Message options' })).toBeNull();
  });
});
