import { MutationCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { ApiError } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same again; only connection trouble and 5xx are worth one retry.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // A time-out has spent the spec's 60 s already: a retry would hold the page (and its full
  // reload) for another 60.
  if (error instanceof ApiError && error.code === 'timeout') return false;
  return failureCount < 1;
}

/** Told of every successful mutation, with its answer, after the cache it belongs to. */
export type MutationSuccessListener = (
  mutation: Mutation<unknown, unknown, unknown, unknown>,
  data: unknown,
  client: QueryClient,
) => void;

export function createQueryClient(
  options: { onMutationSuccess?: MutationSuccessListener } = {},
): QueryClient {
  const { onMutationSuccess } = options;
  return new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (data, _variables, _result, mutation, context) =>
        onMutationSuccess?.(mutation, data, context.client),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
