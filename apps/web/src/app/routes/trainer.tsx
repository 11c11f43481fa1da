import { useSearchParams } from 'react-router';
import { personasQueryOptions } from '../../features/trainer/api/get-personas';
import { threadsQueryOptions } from '../../features/trainer/api/threads';
import { TrainerChatPage } from '../../features/trainer/components/trainer-chat-page';
import { queryClient } from '../query-client';

export function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(personasQueryOptions);
  void queryClient.prefetchQuery(threadsQueryOptions);
  return null;
}

/** The AI trainer chat page; `?thread=<id>` opens that conversation (the trainer form links it). */
export function Component() {
  const [searchParams] = useSearchParams();
  const thread = Number(searchParams.get('thread'));
  return (
    <TrainerChatPage initialThreadId={Number.isSafeInteger(thread) && thread > 0 ? thread : null} />
  );
}
