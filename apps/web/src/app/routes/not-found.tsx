import { NotFoundPage } from '../../components/not-found-page';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { showMemberLocale } from '../../i18n/i18n';
import { queryClient } from '../query-client';

/**
 * Outside the signed-in layout, whose loader shows a member's profile language: a signed-in
 * member's unknown address (a hard reload of a bad link) is worded in it too, not the device's.
 */
export async function loader() {
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  if (me?.user) await showMemberLocale(me.user.locale);
  return null;
}

export function Component() {
  return <NotFoundPage />;
}
