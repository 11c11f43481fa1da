import type { AppNotification, NotificationPage } from '@fitcoach/shared/notifications';
import { describe, expect, it } from 'vitest';
import type { NotificationsData } from '../api/list-notifications';
import {
  unreadCountOf,
  withNewNotification,
  withReadUpTo,
  withUnreadCount,
} from './notifications-cache';

function note(id: number): AppNotification {
  return {
    id,
    kind: 'workout_shared',
    title: `Shared #${id}`,
    body: '',
    link: `/workouts/${id}`,
    actor: { id: 2, name: 'Maya Patel' },
    created_at: '2025-06-01T10:00:00.000Z',
  };
}

function data(pages: NotificationPage[]): NotificationsData {
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) };
}

const page = (ids: number[], unread: number, next: string | null = null): NotificationPage => ({
  items: ids.map(note),
  next_cursor: next,
  unread_count: unread,
});

describe('withNewNotification', () => {
  it('puts a live one on top and counts it unread', () => {
    const before = data([page([5, 4], 1, 'c1'), page([3, 2], 1)]);
    const after = withNewNotification(before, note(6));
    expect(after?.pages[0]?.items.map((n) => n.id)).toEqual([6, 5, 4]);
    expect(unreadCountOf(after)).toBe(2);
    expect(after?.pages[1]).toBe(before.pages[1]);
    expect(before.pages[0]?.items).toHaveLength(2);
  });

  it('ignores one the list already has', () => {
    const before = data([page([6, 5], 1)]);
    expect(withNewNotification(before, note(6))).toBe(before);
  });

  it('leaves an empty cache for the first fetch', () => {
    expect(withNewNotification(undefined, note(1))).toBeUndefined();
  });
});

describe('withReadUpTo', () => {
  it('counts what is newer than the read mark', () => {
    const after = withReadUpTo(data([page([9, 8, 7, 6], 4)]), 7);
    expect(unreadCountOf(after ?? undefined)).toBe(2);
    expect(unreadCountOf(withReadUpTo(data([page([9, 8], 2, 'c1')]), 9) ?? undefined)).toBe(0);
  });

  it('never raises the count', () => {
    expect(unreadCountOf(withReadUpTo(data([page([9, 8, 7], 1)]), 3) ?? undefined)).toBe(1);
  });

  it('asks for a refetch when the loaded pages cannot tell', () => {
    expect(withReadUpTo(data([page([9, 8], 2, 'c1')]), 5)).toBeNull();
  });

  it('is exact when the whole list is loaded', () => {
    expect(unreadCountOf(withReadUpTo(data([page([9, 8], 2)]), 5) ?? undefined)).toBe(2);
  });
});

describe('withUnreadCount', () => {
  it('sets the count on the first page only', () => {
    const after = withUnreadCount(data([page([2], 1, 'c1'), page([1], 1)]), 0);
    expect(after?.pages.map((p) => p.unread_count)).toEqual([0, 1]);
  });
});
