import { describe, expect, it } from 'vitest';
import { paths, safeNext } from './paths';

describe('safeNext', () => {
  it('allows same-site paths only', () => {
    expect(safeNext('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });

  it('carries the destination through sign-in', () => {
    expect(paths.signIn.href('/profile')).toBe('/sign-in?next=%2Fprofile');
    expect(paths.signIn.href('/')).toBe('/sign-in');
  });
});
