import { useMe } from '../../features/auth/api/get-me';
import { challengesQueryOptions } from '../../features/challenges/api/get-challenges';
import { ChallengesPage, tabOf } from '../../features/challenges/components/challenges-page';
import { queryClient } from '../query-client';

export function loader({ request }: { request: Request }) {
  // Started here, not awaited: the page shows its own loading and error states.
  const tab = tabOf(new URL(request.url).searchParams.get('tab'));
  void queryClient.prefetchQuery(challengesQueryOptions(tab));
  return null;
}

/** `/challenges`: the list by tab, the details and submission modals, creating one. */
export function Component() {
  const { data: me } = useMe();
  // The signed-in layout has the session before any page renders.
  if (!me?.user) return null;
  return <ChallengesPage role={me.user.role} viewerId={me.user.id} />;
}
