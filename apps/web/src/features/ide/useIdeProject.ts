import { useCallback, useEffect, useRef, useState } from 'react';
import { type IdeFile, makeFile } from './project';
import { loadProject, projectWriter, type StoredProject, saveProject } from './storage';

/** The IDE project's state: files, open tabs, the active file, and where it deploys. */
export function useIdeProject() {
  const [files, setFilesState] = useState<IdeFile[]>([]);
  const [openIds, setOpenIds] = useState<string[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [deployUrl, setDeployUrl] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const filesRef = useRef(files);
  filesRef.current = files;

  useEffect(() => {
    let live = true;
    void loadProject().then((stored) => {
      if (!live) return;
      if (stored) {
        setFilesState(stored.files);
        filesRef.current = stored.files;
        setOpenIds(stored.openIds);
        setActiveId(stored.activeId);
        setSiteId(stored.siteId);
        setDeployUrl(stored.deployUrl);
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  // Every change is stored as it happens, one write at a time (typing fast does not queue a write
  // per key); `persist` stores the latest once more and says whether the browser kept it.
  const latest = useRef<StoredProject | null>(null);
  const [write] = useState(() => projectWriter());
  useEffect(() => {
    if (!loaded) return;
    latest.current = { files, openIds, activeId, siteId, deployUrl };
    void write(latest.current);
  }, [loaded, write, files, openIds, activeId, siteId, deployUrl]);

  // Leaving the page (reload, closing the tab) stores the latest at once, not behind a write.
  useEffect(() => {
    const store = () => {
      if (latest.current) void saveProject(latest.current);
    };
    window.addEventListener('pagehide', store);
    return () => window.removeEventListener('pagehide', store);
  }, []);

  /** Stores the project now: false when the browser refused to keep it. */
  const persist = useCallback(
    () => (latest.current ? write(latest.current) : Promise.resolve(false)),
    [write],
  );

  const setFiles = useCallback((next: IdeFile[]) => {
    filesRef.current = next;
    setFilesState(next);
  }, []);

  /** Opens a file in a tab and makes it active. */
  const open = useCallback((id: string) => {
    setOpenIds((ids) => (ids.includes(id) ? ids : [...ids, id]));
    setActiveId(id);
  }, []);

  /** Adds files and makes the first of them active. */
  const add = useCallback(
    (added: IdeFile[]) => {
      setFiles([...filesRef.current, ...added]);
      setOpenIds((ids) => [...ids, ...added.map((file) => file.id)]);
      if (added[0]) setActiveId(added[0].id);
    },
    [setFiles],
  );

  /** Closes a tab; closing the active one activates the first remaining tab, or none. */
  const close = useCallback((id: string) => {
    setOpenIds((ids) => {
      const rest = ids.filter((other) => other !== id);
      setActiveId((active) => (active === id ? (rest[0] ?? null) : active));
      return rest;
    });
  }, []);

  /** Sets a file's text (typed in the editor). */
  const update = useCallback(
    (id: string, content: string) => {
      setFiles(filesRef.current.map((file) => (file.id === id ? { ...file, content } : file)));
    },
    [setFiles],
  );

  const rename = useCallback(
    (id: string, name: string) => {
      setFiles(
        filesRef.current.map((file) =>
          file.id === id ? { ...makeFile(name, file.content), id: file.id } : file,
        ),
      );
    },
    [setFiles],
  );

  const remove = useCallback(
    (id: string) => {
      setFiles(filesRef.current.filter((file) => file.id !== id));
      close(id);
    },
    [setFiles, close],
  );

  /** Empties the project (files, tabs; storage follows); the deploy target stays. */
  const clear = useCallback(() => {
    setFiles([]);
    setOpenIds([]);
    setActiveId(null);
  }, [setFiles]);

  return {
    files,
    filesRef,
    openIds,
    activeId,
    siteId,
    deployUrl,
    loaded,
    setFiles,
    setActiveId,
    setSiteId,
    setDeployUrl,
    open,
    add,
    close,
    update,
    rename,
    remove,
    clear,
    persist,
  };
}

/** The IDE project's state and its operations. */
export type IdeProject = ReturnType<typeof useIdeProject>;
