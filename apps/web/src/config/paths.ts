/** Every route of the web app, with its href builder. */
export const paths = {
  home: { path: '/', href: () => '/' },
  signIn: {
    path: '/sign-in',
    href: (next?: string) =>
      next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  profile: { path: '/profile', href: () => '/profile' },
} as const;

/** Only a same-site path may be a post-sign-in destination (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return paths.home.href();
  return next;
}
