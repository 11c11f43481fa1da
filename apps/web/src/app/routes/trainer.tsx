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

/** The AI trainer chat page. */
export function Component() {
  return <TrainerChatPage />;
}
