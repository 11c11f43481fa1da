import { coachClientsQueryOptions } from '../../features/coaching/api/get-clients';
import { CoachPage } from '../../features/coaching/components/coach-page';
import { queryClient } from '../query-client';

export function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(coachClientsQueryOptions());
  return null;
}

/** `/coach`: a coach's (or admin's) clients, invitations, and inviting a member. */
export function Component() {
  return <CoachPage />;
}
