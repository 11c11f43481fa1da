/** Personal stats: totals, records and streaks, all derived from the member's logs. */
export const statsKeys = {
  all: ['stats'] as const,
  personal: () => [...statsKeys.all, 'personal'] as const,
};
