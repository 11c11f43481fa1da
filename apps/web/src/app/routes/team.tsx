// The games section draws a chart per player (Mantine charts' styles, loaded with this route).
import '@mantine/charts/styles.css';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { teamQueryOptions } from '../../features/teams/api/get-teams';
import { TeamGamesSection } from '../../features/team-stats/components/team-games-section';
import { TeamPage } from '../../features/teams/components/team-page';
import { queryClient } from '../query-client';

const teamId = (raw: string | undefined) =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;

export function loader({ params }: LoaderFunctionArgs) {
  const id = teamId(params.id);
  if (id !== null) void queryClient.prefetchQuery(teamQueryOptions(id));
  return null;
}

/** `/teams/:id`: a team's roster and workouts, and a basketball team's games. */
export function Component() {
  const id = teamId(useParams().id);
  if (id === null) return <NotFoundPage />;
  return (
    <TeamPage
      teamId={id}
      sections={(team) =>
        // Stats entry is a basketball sheet (2- and 3-pointers, free throws).
        team.sport === 'basketball' ? (
          <TeamGamesSection teamId={team.id} role={team.my_role} members={team.members} />
        ) : null
      }
    />
  );
}
