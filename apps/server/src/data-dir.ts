import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './process';

/** Creates DATA_DIR if needed and makes it private to its owner (0700). */
export function prepareDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    if ((statSync(dataDir).mode & 0o777) !== 0o700) chmodSync(dataDir, 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.warn(`Could not make ${dataDir} private to its owner (${code}); check its permissions`);
  }
}

/** The kernel's start time of a process (Linux), which tells a live holder from a reused pid. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces); starttime is field 22 of the line.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

type LockHolder = { pid: number; startTime: string; text: string };

function readHolder(lockPath: string): LockHolder | 'gone' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return 'gone';
  }
  const [pid = '', startTime = '-'] = text.trim().split(' ');
  return { pid: Number(pid), startTime, text };
}

function isRunning({ pid, startTime }: LockHolder): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A process with that pid runs; it is the holder unless it started at another time.
  const current = startTime === '-' ? null : processStartTime(pid);
  return current === null || current === startTime;
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a lock whose holder has died. Only one process at a time may do so (the one that
 * creates the takeover file), and only if the lock still holds what it read: a lock a faster
 * process has just taken is never removed.
 */
function removeStaleLock(lockPath: string, staleText: string) {
  const takeover = `${lockPath}.takeover`;
  try {
    writeFileSync(takeover, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // Another process is taking over; a takeover file left by a crash is cleared after 10 s.
    try {
      if (Date.now() - statSync(takeover).mtimeMs > 10_000) unlinkSync(takeover);
    } catch {}
    sleepSync(50);
    return;
  }
  try {
    if (readFileSync(lockPath, 'utf8') === staleText) unlinkSync(lockPath);
  } catch {
    // Already gone.
  } finally {
    unlinkSync(takeover);
  }
}

/**
 * Takes the exclusive lock on DATA_DIR (the file `flows.lock`, holding this process's pid), so a
 * second process on the same embedded database refuses to start instead of corrupting it. A lock
 * left by a process that died is taken over. Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, 'flows.lock');
  const content = `${process.pid} ${processStartTime(process.pid) ?? '-'}\n`;
  // The lock file appears whole (linked from a finished draft), so a reader never sees it empty.
  const draft = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { flag: 'wx', mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        linkSync(draft, lockPath);
        return () => releaseLock(lockPath, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (holder === 'gone') continue;
      if (isRunning(holder)) {
        throw new StartupError(
          `DATA_DIR ${dataDir} is in use by another Flows process (pid ${holder.pid}): stop it first, or give this process its own DATA_DIR`,
        );
      }
      removeStaleLock(lockPath, holder.text);
    }
    throw new StartupError(`Could not lock DATA_DIR ${dataDir}: ${lockPath} keeps changing`);
  } finally {
    unlinkSync(draft);
  }
}

/** Removes the lock if it is still this process's. */
function releaseLock(lockPath: string, content: string) {
  try {
    if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath);
  } catch {
    // Already gone.
  }
}
