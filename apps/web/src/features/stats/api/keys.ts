/** Personal stats: totals, records and streaks, all derived from the member's logs. */
export const statsKeys = {
  all: ['stats'] as const,
  personal: () => [...statsKeys.all, 'personal'] as const,
  /** The member's own games (personal game stats): the list, totals and chart, page by page. */
  games: () => [...statsKeys.all, 'games'] as const,
};

/** Mutations that record, edit or delete a game: app/ refreshes what reads games after them. */
export const gameStatsMutationKeys = {
  write: () => [...statsKeys.games(), 'write'] as const,
};
