// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale, i18n, showMemberLocale, startI18n } from './i18n';

beforeAll(async () => {
  if (!i18n.isInitialized) await startI18n('en');
});

afterEach(async () => {
  window.localStorage.clear();
  await changeLocale('en', { remember: false });
});

describe('a member’s language on a shared browser', () => {
  it('shows the profile’s language without keeping it on the device', async () => {
    await showMemberLocale('es');
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('fitcoach-locale')).toBeNull();
  });

  it('goes back to the device’s language for the next member, or after signing out', async () => {
    await showMemberLocale('es'); // member A, who chose Spanish
    await showMemberLocale(null); // signed out, then member B without a choice
    // jsdom's browser speaks English.
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps a choice made on this device (the signed-out language menu) for members without one', async () => {
    await changeLocale('es'); // the language menu on the sign-in page
    await showMemberLocale('en');
    expect(currentLocale()).toBe('en');
    await showMemberLocale(null);
    expect(currentLocale()).toBe('es');
    expect(window.localStorage.getItem('fitcoach-locale')).toBe('es');
  });
});
