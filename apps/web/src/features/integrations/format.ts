import type { TIntegrationAuthType, TWebhookAuthType } from '@flows/api/contracts';
import type { MantineColor } from '@mantine/core';

/** Method badge colours of the spec: GET blue, POST green, PUT yellow, any other red. */
export function methodColor(method: string): MantineColor {
  switch (method.toUpperCase()) {
    case 'GET':
      return 'blue';
    case 'POST':
      return 'green';
    case 'PUT':
      return 'yellow';
    default:
      return 'red';
  }
}

/** The colour of a reply's status: 2xx green, 3xx blue, 4xx orange, 5xx and no reply red. */
export function statusColor(status: number | null): MantineColor {
  if (status === null) return 'red';
  if (status < 300) return 'green';
  if (status < 400) return 'blue';
  if (status < 500) return 'orange';
  return 'red';
}

/** The API version as its badge shows it: 'v2' for '2' and for 'v2' alike. */
export function versionLabel(version: string): string {
  return `v${version.trim().replace(/^v/i, '')}`;
}

/** Where the Execute API Request dialog starts: the base URL, plus '/version' when there is one. */
export function defaultEndpoint(baseUrl: string, version: string | null): string {
  const trimmed = version?.trim();
  if (!trimmed) return baseUrl;
  return `${baseUrl.replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
}

/** A size in bytes for people: 512 B, 1.5 KB, 2.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A stored time (ISO text) in the reader's locale. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The words the forms show for each auth type of the contracts. */
const authTypeLabels: Record<TWebhookAuthType | TIntegrationAuthType, string> = {
  none: 'None',
  basic: 'Basic Auth',
  bearer: 'Bearer Token',
  custom: 'Custom Headers',
  apiKey: 'API Key',
  oauth: 'OAuth',
};

/** A select's options for a kind's auth types (the contract's list), with their labels. */
export function authTypeOptions(types: readonly (keyof typeof authTypeLabels)[]) {
  return types.map((value) => ({ value, label: authTypeLabels[value] }));
}

/** A list as a sentence says it: 'a, b and c'. */
export function listInWords(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
