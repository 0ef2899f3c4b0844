import { QueryClient } from '@tanstack/react-query';

/**
 * Builds the app's query client with the spec's data-fetching defaults: no polling, no refetch
 * on window focus, data never goes stale on its own, and no automatic retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
