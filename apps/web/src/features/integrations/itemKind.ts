import type { TIntegrationExecution } from '@flows/api/contracts';
import type { Icon } from '@tabler/icons-react';
import type { ExecuteAnswer } from './ResponsePanel';

/** What the shared scaffold needs of a webhook or an API integration. */
export type IntegrationItem = { id: string; name: string };

/** The part of a query's state the scaffold reads. */
export type ItemQuery<T> = { data: T | undefined; isLoading: boolean; isError: boolean };

/** The part of a mutation's state the scaffold uses. */
type ItemMutation<TInput, TOutput = unknown> = {
  mutateAsync: (input: TInput) => Promise<TOutput>;
  isPending: boolean;
};

type QueryOptions = { enabled?: boolean; staleTime?: number; refetchOnWindowFocus?: 'always' };

/**
 * The procedures the scaffold calls, as the `webhook` and `integration` routers both have them
 * (`trpc.webhook` is one). The answers' types are the kind's own: TypeScript checks the inputs.
 */
type ItemRouter<T, TInput, TTemplate, TExecuteInput> = {
  list: { useQuery: (input: undefined, options: QueryOptions) => ItemQuery<readonly T[]> };
  templates: {
    useQuery: (input: undefined, options: QueryOptions) => ItemQuery<readonly TTemplate[]>;
  };
  executions: {
    useQuery: (
      input: { id: string },
      options: QueryOptions,
    ) => ItemQuery<readonly TIntegrationExecution[]>;
  };
  create: { useMutation: () => ItemMutation<TInput> };
  update: { useMutation: () => ItemMutation<TInput & { id: string }> };
  delete: { useMutation: () => ItemMutation<{ id: string }> };
  execute: { useMutation: () => ItemMutation<TExecuteInput, ExecuteAnswer> };
};

/** The cache entries a change makes stale (`trpc.useUtils().webhook` is one). */
type ItemCache = {
  list: { invalidate: () => Promise<void> };
  executions: { invalidate: (input: { id: string }) => Promise<void> };
};

/** The words a kind's texts are made of. */
type KindNames = {
  /** In titles and buttons: 'Webhook', 'API Integration'. */
  title: string;
  /** In sentences: 'webhook', 'API integration'. */
  noun: string;
  /** In sentences, more than one: 'webhooks', 'API integrations'. */
  plural: string;
  /** What Execute sends, in sentences: 'webhook', 'API request'. */
  requestNoun: string;
};

/** What a kind's tab says around its list. */
type KindTab = {
  /** What the tab is for, above the list. */
  intro: string;
  /** The intro's widest line, in px. */
  introWidth: number;
  /** Why to add the first one, in the empty list. */
  emptyDescription: string;
  /** The kind's icon, in the empty list. */
  icon: Icon;
};

/**
 * One kind of integration (webhooks, API integrations) as the shared panel, card and dialogs see
 * it: its words, its tRPC router and its cache.
 */
export type ItemKind<T extends IntegrationItem, TInput, TTemplate, TExecuteInput> = {
  names: KindNames;
  tab: KindTab;
  router: ItemRouter<T, TInput, TTemplate, TExecuteInput>;
  useCache: () => ItemCache;
};

/** The lists refetch when the window regains focus, unlike the app's other queries. */
export const listOptions = { refetchOnWindowFocus: 'always' } as const;

/** Words as a label or the start of a sentence: 'webhooks' becomes 'Webhooks'. */
export function sentenceCase(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
