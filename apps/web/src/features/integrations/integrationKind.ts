import type {
  TApiIntegration,
  TApiTemplate,
  TCreateIntegrationInput,
  TExecuteIntegrationInput,
} from '@flows/api/contracts';
import { IconApi } from '@tabler/icons-react';
import { trpc } from '../../lib/trpc';
import type { ItemKind } from './itemKind';

/** API integrations as the shared scaffold sees them. */
export const integrationKind: ItemKind<
  TApiIntegration,
  TCreateIntegrationInput,
  TApiTemplate,
  TExecuteIntegrationInput
> = {
  names: {
    title: 'API Integration',
    noun: 'API integration',
    plural: 'API integrations',
    requestNoun: 'API request',
  },
  tab: {
    intro: 'Outside APIs with their authentication, default headers, rate limits and timeout.',
    introWidth: 640,
    emptyDescription: 'Add an API integration to connect with external services',
    icon: IconApi,
  },
  router: trpc.integration,
  useCache: () => trpc.useUtils().integration,
};
