import type { MemberSearchPage } from '@fitcoach/shared/friends';
import { api } from './api-client';

export const MEMBER_SEARCH_PAGE_SIZE = 20;

/**
 * One page of `GET /api/members/search`: everyone by name or exact email, or only your friends
 * (`scope=friends`, the share pickers). The select box's fetcher.
 */
export function searchMembers(
  scope: 'members' | 'friends',
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MemberSearchPage> {
  const params = new URLSearchParams({ q, scope, limit: String(MEMBER_SEARCH_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<MemberSearchPage>(`/api/members/search?${params.toString()}`, signal);
}

/** The select box's fetcher over every member (invite a client, add a team member). */
export const searchAllMembers = (q: string, cursor: string | null, signal?: AbortSignal) =>
  searchMembers('members', q, cursor, signal);
