/**
 * Friends (`/api/friends`) and member search (`/api/members/search`). A relationship write
 * refreshes everything under `friendKeys.all`: the lists and every search (each result says
 * how its member stands to you).
 */
export const friendKeys = {
  all: ['friends'] as const,
  overview: () => [...friendKeys.all, 'overview'] as const,
  /** A search's key; the select box adds the typed text. */
  search: (scope: 'members' | 'friends') => [...friendKeys.all, 'search', scope] as const,
};
