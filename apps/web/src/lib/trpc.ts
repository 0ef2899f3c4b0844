// Types only: runtime code from @flows/api would pull server modules into the browser bundle
// (runtime code shared with the server comes from the browser-safe @flows/api/contracts).
import type { AppRouter } from '@flows/api';
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';

/** Where the server mounts tRPC (same origin). */
export const TRPC_PATH = '/trpc';

/** Typed React hooks for every procedure of the server's router (`trpc.template.list.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * The tRPC client: subscriptions over server-sent events, every other call batched over HTTP with
 * the XMLHttpRequest marker header and the session cookie.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: httpSubscriptionLink({
          url: TRPC_PATH,
          eventSourceOptions: { withCredentials: true },
        }),
        false: httpBatchLink({
          url: TRPC_PATH,
          // The server refuses batches of more calls (TRPC_MAX_BATCH_SIZE in apps/server).
          maxItems: 20,
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        }),
      }),
    ],
  });
}
