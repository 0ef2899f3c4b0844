import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './lib/api';

/**
 * Builds the app's query client with the spec's data-fetching defaults: no polling, no refetch
 * on window focus, data never goes stale on its own, and no automatic retries. A query without
 * its own fetcher GETs its first key element as the path, and a 401 answer yields null.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'returnNull' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
