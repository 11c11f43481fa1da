// @vitest-environment jsdom
import type * as ActionCable from '@rails/actioncable';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRealtime } from '../../../lib/realtime';
import { mockApi } from '../../../test/api-mock';
import { fakeCable } from '../../../test/fake-cable';
import { renderWithApp } from '../../../test/render';
import { ChatUnreadBadge } from './chat-unread-badge';
import { OpenChatButton } from './open-chat-button';

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

describe('unread chat counts', () => {
  it('shows the total in the badge and per friend, and follows live updates', async () => {
    mockApi().on('GET /api/chat/unread', {
      total: 3,
      by_friend: [
        { friend_id: 2, count: 2 },
        { friend_id: 5, count: 1 },
      ],
    });
    renderWithApp(
      <>
        <ChatUnreadBadge />
        <OpenChatButton friendId={2} friendName="Kim" />
        <OpenChatButton friendId={9} friendName="Lee" />
      </>,
    );
    expect(await screen.findByText('3 unread messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Kim (2 unread messages)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Message Lee' })).toBeVisible();
    // The member's own stream: Kim's messages were read in another tab.
    expect(fakeCable.subscriptions.map((s) => s.identifier)).toEqual([{ channel: 'ChatChannel' }]);
    fakeCable.confirm('ChatChannel');
    fakeCable.push('ChatChannel', {
      type: 'unread',
      unread: { total: 1, by_friend: [{ friend_id: 5, count: 1 }] },
    });
    expect(await screen.findByText('1 unread message')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Kim' })).toBeVisible();
    fakeCable.push('ChatChannel', { type: 'unread', unread: { total: 0, by_friend: [] } });
    await vi.waitFor(() => expect(screen.queryByText(/unread message/)).toBeNull());
  });
});

describe('the Message button', () => {
  it('shows its word only from the sm breakpoint: on a phone the friend’s name gets the room', async () => {
    mockApi().on('GET /api/chat/unread', { total: 0, by_friend: [] });
    renderWithApp(<OpenChatButton friendId={2} friendName="Kim" />);
    const button = await screen.findByRole('button', { name: 'Message Kim' });
    expect(within(button).getByText('Message')).toHaveClass('mantine-visible-from-sm');
  });
});
