// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale } from '../../i18n/i18n';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { queryClient } from '../query-client';
import { loader } from './not-found';

describe('the not-found page for a signed-in member', () => {
  afterEach(async () => {
    queryClient.clear();
    if (currentLocale() !== 'en') await changeLocale('en', { remember: false });
  });

  it("is worded in the profile's language, not the device's", async () => {
    queryClient.setQueryData(meQueryOptions.queryKey, {
      user: { id: 4, name: 'Jordan', locale: 'es' },
      csrf_token: 't',
    } as never);
    await loader();
    expect(currentLocale()).toBe('es');
  });
});
