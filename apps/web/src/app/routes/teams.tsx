import { teamsQueryOptions } from '../../features/teams/api/get-teams';
import { TeamsPage } from '../../features/teams/components/teams-page';
import { queryClient } from '../query-client';

export function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(teamsQueryOptions());
  return null;
}

/** `/teams`: the teams the member is on, and creating one. */
export function Component() {
  return <TeamsPage />;
}
