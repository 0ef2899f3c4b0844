/**
 * A CPU quota for one process, as a container's CPU limit sets it: a cgroup of its own allowed
 * `cores` of CPU time per period (cgroup v2's cpu.max, or v1's cpu.cfs_quota_us). The worker rows
 * give each process that works runs the same quota, so a second worker brings CPU of its own, as
 * a worker on another machine does, instead of every process sharing this machine's two cores.
 */
import { access, mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';

const PERIOD_US = 100_000;

type Hierarchy = { root: string; limit: (dir: string, quotaUs: number) => Promise<void> };

/** cgroup v2 (unified) with the cpu controller, or v1's cpu hierarchy; null without either. */
async function hierarchy(): Promise<Hierarchy | null> {
  const v2 = '/sys/fs/cgroup';
  const controllers = await readFile(`${v2}/cgroup.controllers`, 'utf8').catch(() => '');
  if (controllers.split(/\s+/).includes('cpu')) {
    await writeFile(`${v2}/cgroup.subtree_control`, '+cpu');
    return {
      root: v2,
      limit: (dir, quotaUs) => writeFile(`${dir}/cpu.max`, `${quotaUs} ${PERIOD_US}`),
    };
  }
  const v1 = '/sys/fs/cgroup/cpu';
  if (
    await access(`${v1}/cpu.cfs_quota_us`).then(
      () => true,
      () => false,
    )
  ) {
    return {
      root: v1,
      limit: async (dir, quotaUs) => {
        await writeFile(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
        await writeFile(`${dir}/cpu.cfs_quota_us`, String(quotaUs));
      },
    };
  }
  return null;
}

/** Whether this machine lets the bench set CPU quotas (writable cgroups: root, usually). */
export async function cpuQuotaAvailable(): Promise<boolean> {
  const found = await hierarchy().catch(() => null);
  if (!found) return false;
  const probe = `${found.root}/flows-bench-probe-${process.pid}`;
  return mkdir(probe).then(
    () => rmdir(probe).then(() => true),
    () => false,
  );
}

/**
 * Puts process `pid` in a cgroup of its own limited to `cores` CPUs; the answer removes that
 * cgroup once the process has exited. Throws when this machine offers no writable cgroup.
 */
export async function limitCpu(pid: number, cores: number): Promise<() => Promise<void>> {
  const found = await hierarchy().catch(() => null);
  if (!found) {
    throw new Error(
      'The worker rows give each worker process a CPU quota of its own, which needs a writable ' +
        'cgroup (cgroup v2 with the cpu controller, or v1 /sys/fs/cgroup/cpu; run as root)',
    );
  }
  const dir = `${found.root}/flows-bench-${pid}`;
  await mkdir(dir, { recursive: true });
  await found.limit(dir, Math.round(cores * PERIOD_US));
  await writeFile(`${dir}/cgroup.procs`, String(pid));
  return () => rmdir(dir);
}
