import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** How many runs and single model calls one address and one user may start per hour; 0 = no limit. */
export type UsageLimitSettings = {
  runsPerHourPerAddress: number;
  runsPerHourPerUser: number;
  modelCallsPerHourPerAddress: number;
  modelCallsPerHourPerUser: number;
};

/** What a limit counts: server-side runs (`flow.start`) or single model calls (`flow.run`). */
export type UsageKind = 'run' | 'modelCall';

type Limiter = { limiter: RateLimiterMemory; max: number; noun: string; per: string };

/** The limiters of one server process; procedures check them before a run or a model call. */
export type UsageLimits = {
  /** Counts one use by the caller, or answers how long to wait and why. */
  reserve(
    kind: UsageKind,
    caller: { address: string; userId: string | null },
  ): Promise<{ allowed: true } | { allowed: false; retryAfter: number; message: string }>;
};

const HOUR_SECONDS = 3600;

/**
 * Counters in this process's memory, each a fixed one-hour window per key. Several server
 * processes each count on their own (the limits are per process).
 */
export function createUsageLimits(settings: UsageLimitSettings): UsageLimits {
  const limiter = (max: number, keyPrefix: string, noun: string, per: string): Limiter | null =>
    max > 0
      ? {
          limiter: new RateLimiterMemory({ points: max, duration: HOUR_SECONDS, keyPrefix }),
          max,
          noun,
          per,
        }
      : null;
  const limiters: Record<UsageKind, { address: Limiter | null; user: Limiter | null }> = {
    run: {
      address: limiter(settings.runsPerHourPerAddress, 'runs-address', 'runs', 'address'),
      user: limiter(settings.runsPerHourPerUser, 'runs-user', 'runs', 'user'),
    },
    modelCall: {
      address: limiter(
        settings.modelCallsPerHourPerAddress,
        'model-calls-address',
        'model calls',
        'address',
      ),
      user: limiter(settings.modelCallsPerHourPerUser, 'model-calls-user', 'model calls', 'user'),
    },
  };

  return {
    async reserve(kind, { address, userId }) {
      const checks = [
        { limit: limiters[kind].address, key: address },
        ...(userId ? [{ limit: limiters[kind].user, key: userId }] : []),
      ];
      const taken: { limit: Limiter; key: string }[] = [];
      for (const { limit, key } of checks) {
        if (!limit) continue;
        try {
          await limit.limiter.consume(key);
          taken.push({ limit, key });
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          // A refused use does not count against the limits that let it through.
          for (const earlier of taken) await earlier.limit.limiter.reward(earlier.key);
          const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          return {
            allowed: false,
            retryAfter,
            message: `Rate limit reached (${limit.max} ${limit.noun} per hour per ${limit.per}). Try again in ${retryAfter} s.`,
          };
        }
      }
      return { allowed: true };
    },
  };
}
