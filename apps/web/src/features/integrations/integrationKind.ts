import type {
  TApiIntegration,
  TApiTemplate,
  TCreateIntegrationInput,
  TExecuteIntegrationInput,
} from '@flows/api/contracts';
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
  router: trpc.integration,
  useCache: () => trpc.useUtils().integration,
};
