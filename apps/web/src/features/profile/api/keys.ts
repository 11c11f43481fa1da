/** The member's own profile (`/api/profile`). */
export const profileKeys = {
  all: ['profile'] as const,
};

/**
 * Every mutation whose answer is the member's new profile (details, photo). The header reads
 * the signed-in user from the auth feature's cache, so app/ copies the answer there.
 */
export const profileMutationKeys = {
  save: () => [...profileKeys.all, 'save'] as const,
  /** The member's language: the session user carries it, so app/ refreshes that after this. */
  locale: () => [...profileKeys.all, 'locale'] as const,
};
