import { STORAGE_KEYS } from '@flows/engine';

/** Browser storage key of the run this browser follows, so a reload or a new tab rejoins it. */
export const CURRENT_TASK_KEY = 'flows_current_task_id';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the workspace then just forgets.
    return null;
  }
}

/** Reads a browser storage entry; null when missing or storage is unavailable. */
export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Writes (or, with null, removes) a browser storage entry. */
export function writeStored(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // A full or blocked storage only costs the rejoin after a reload.
  }
}

/** The website id a deploy task may reuse (kept by an earlier run that built one). */
export function lastWebsiteId(): string | null {
  return readStored(STORAGE_KEYS.lastWebsiteId);
}

/** Remembers the website a run built, and its task, for later deploy tasks. */
export function rememberWebsite(websiteId: string, taskId: string): void {
  writeStored(STORAGE_KEYS.lastWebsiteId, websiteId);
  writeStored(STORAGE_KEYS.lastWebsiteTaskId, taskId);
}
