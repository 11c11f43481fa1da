import { useParams, type LoaderFunctionArgs } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { coachClientQueryOptions } from '../../features/coaching/api/get-clients';
import { ClientDetail } from '../../features/coaching/components/client-detail';
import { queryClient } from '../query-client';

const linkId = (raw: string | undefined) =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;

export function loader({ params }: LoaderFunctionArgs) {
  const id = linkId(params.id);
  if (id !== null) void queryClient.prefetchQuery(coachClientQueryOptions(id));
  return null;
}

/** `/coach/clients/:id`: one active client's program, adherence, logs and comments. */
export function Component() {
  const id = linkId(useParams().id);
  if (id === null) return <NotFoundPage />;
  return <ClientDetail linkId={id} />;
}
