/** The session's cache keys. Sign-in and sign-out drop every other feature's entries. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};
