import { createStore, get, set } from 'idb-keyval';
import type { IdeFile } from './project';

/** What the IDE keeps across reloads: the files, which are open, and the deploy target. */
export type StoredProject = {
  files: IdeFile[];
  openIds: string[];
  activeId: string | null;
  /** The hosted site the project deploys to, so a redeploy keeps its address. */
  siteId: string | null;
  deployUrl: string | null;
};

const KEY = 'project';
let store: ReturnType<typeof createStore> | undefined;
const projectStore = () => {
  store ??= createStore('flows-ide', 'projects');
  return store;
};

function isFile(value: unknown): value is IdeFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.id === 'string' &&
    typeof file.name === 'string' &&
    typeof file.content === 'string' &&
    typeof file.language === 'string'
  );
}

/** The stored project, or null when there is none (or IndexedDB is unavailable). */
export async function loadProject(): Promise<StoredProject | null> {
  try {
    const value = (await get(KEY, projectStore())) as Partial<StoredProject> | undefined;
    if (!value || !Array.isArray(value.files)) return null;
    const files = value.files.filter(isFile);
    const ids = new Set(files.map((file) => file.id));
    return {
      files,
      openIds: (value.openIds ?? []).filter((id) => ids.has(id)),
      activeId: value.activeId && ids.has(value.activeId) ? value.activeId : null,
      siteId: typeof value.siteId === 'string' ? value.siteId : null,
      deployUrl: typeof value.deployUrl === 'string' ? value.deployUrl : null,
    };
  } catch {
    return null;
  }
}

/**
 * Keeps the project; false when the browser refused (private mode, storage full). That is not
 * fatal to editing: the files stay in memory, only the copy for the next visit is lost.
 */
export async function saveProject(project: StoredProject): Promise<boolean> {
  try {
    await set(KEY, project, projectStore());
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores projects one write at a time, so typing does not queue a write per key: a project given
 * while a write runs is stored when that write ends, and of several such only the newest. Each
 * call's promise says whether the browser kept that project (or a newer one).
 */
export function projectWriter(save: (project: StoredProject) => Promise<boolean> = saveProject) {
  let running: Promise<boolean> | null = null;
  let queued: { project: StoredProject; done: Promise<boolean> } | null = null;

  const start = (project: StoredProject) => {
    const write = save(project).finally(() => {
      if (running === write) running = null;
    });
    running = write;
    return write;
  };

  return (project: StoredProject): Promise<boolean> => {
    if (queued) {
      queued.project = project;
      return queued.done;
    }
    if (!running) return start(project);
    const next: { project: StoredProject; done: Promise<boolean> } = {
      project,
      done: running.then(() => {
        queued = null;
        return start(next.project);
      }),
    };
    queued = next;
    return next.done;
  };
}
