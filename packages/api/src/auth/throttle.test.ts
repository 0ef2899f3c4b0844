import { type DatabaseHandle, loginAttempts } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../root';
import { testConfig, testContext } from '../test-context';
import { deleteExpiredAuthRecords } from './cleanup';
import {
  clearLoginFailures,
  clientAddressKey,
  DEFAULT_LOGIN_LIMITS,
  LOGIN_WINDOW_MS,
  reserveLoginAttempt,
} from './throttle';

const MINUTE_MS = 60 * 1000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const reserve = (username: string, ip: string, now = new Date(), limits = DEFAULT_LOGIN_LIMITS) =>
  reserveLoginAttempt(handle.db, username, ip, now, limits);

/** A caller from one client address, for logins through the real procedure. */
const callerFrom = (clientIp: string) => createCaller(testContext(handle.db, { clientIp }).context);

const password = 'correct horse battery';
/** Registers `username` (with `password`) from an address. */
const registerFrom = (clientIp: string, username: string) =>
  callerFrom(clientIp).auth.register({
    username,
    email: `${username}@example.com`,
    password,
    displayName: null,
  });

async function loginError(clientIp: string, username: string, attempt: string) {
  try {
    await callerFrom(clientIp).auth.login({ username, password: attempt });
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return 'OK';
}

describe('per-address limit across usernames (password spraying)', () => {
  it('stops one address after 30 failures over 30 different usernames, and no other address', async () => {
    const sprayer = '203.0.113.7';
    for (let index = 0; index < DEFAULT_LOGIN_LIMITS.perAddress; index++) {
      expect(await reserve(`sprayed_${index}`, sprayer)).toBe(0);
    }
    const refused = await reserve('sprayed_next', sprayer);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
    expect(await reserve('sprayed_next', '198.51.100.9')).toBe(0);
  });

  it('answers 429 through the login procedure, even for a right password', async () => {
    await registerFrom('192.0.2.200', 'spray_victim');
    const sprayer = '192.0.2.50';
    const limits = { perAccount: 5, perAddress: 3 };
    const caller = createCaller(
      testContext(handle.db, { clientIp: sprayer, config: { ...testConfig, loginLimits: limits } })
        .context,
    );
    for (const name of ['guess_a', 'guess_b', 'guess_c']) {
      await expect(caller.auth.login({ username: name, password })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(caller.auth.login({ username: 'spray_victim', password })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await loginError('192.0.2.201', 'spray_victim', password)).toBe('OK');
  });

  it('does not count successful logins, and a success does not wipe the failures', async () => {
    const limits = { perAccount: 5, perAddress: 3 };
    const office = '198.51.100.77';
    const now = new Date();
    expect(await reserve('guess_1', office, now, limits)).toBe(0);
    expect(await reserve('guess_2', office, now, limits)).toBe(0);
    // The attacker signs in to their own account between guesses.
    for (let index = 0; index < 5; index++) {
      expect(await reserve('own_account', office, now, limits)).toBe(0);
      await clearLoginFailures(handle.db, 'own_account', office);
    }
    expect(await reserve('guess_3', office, now, limits)).toBe(0);
    expect(await reserve('guess_4', office, now, limits)).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const limits = { perAccount: 5, perAddress: 2 };
    expect(await reserve('v6_a', '2001:db8:77:1::1', new Date(), limits)).toBe(0);
    expect(await reserve('v6_b', '2001:db8:77:1:ffff::9', new Date(), limits)).toBe(0);
    expect(await reserve('v6_c', '2001:db8:77:1::abcd', new Date(), limits)).toBeGreaterThan(0);
    expect(await reserve('v6_c', '2001:db8:77:2::1', new Date(), limits)).toBe(0);
  });
});

describe('per-username lockout', () => {
  it('cannot be brought on a user from another address', async () => {
    await registerFrom('192.0.2.10', 'locked_victim');
    const attacker = '192.0.2.66';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await loginError(attacker, 'locked_victim', 'wrong guess')).toBe('UNAUTHORIZED');
    }
    expect(await loginError(attacker, 'locked_victim', password)).toBe('TOO_MANY_REQUESTS');
    // The victim, from their own address, signs in as usual.
    expect(await loginError('192.0.2.11', 'locked_victim', password)).toBe('OK');
  });

  it('waits longer after each further failure: 15, 30, then 60 minutes at most', async () => {
    const ip = '203.0.113.200';
    let now = new Date('2030-01-01T00:00:00Z');
    for (let attempt = 0; attempt < 5; attempt++) expect(await reserve('slowed', ip, now)).toBe(0);
    expect(await reserve('slowed', ip, now)).toBe(15 * 60);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      now = new Date(now.getTime() + (waits.at(-1) ?? 15 * 60) * 1000);
      expect(await reserve('slowed', ip, now)).toBe(0);
      waits.push(await reserve('slowed', ip, now));
    }
    expect(waits).toEqual([30 * 60, 60 * 60, 60 * 60]);
  });

  it('is forgotten after a successful login', async () => {
    const ip = '203.0.113.201';
    for (let attempt = 0; attempt < 4; attempt++) expect(await reserve('forgiven', ip)).toBe(0);
    await clearLoginFailures(handle.db, 'forgiven', ip);
    for (let attempt = 0; attempt < 5; attempt++) expect(await reserve('forgiven', ip)).toBe(0);
  });

  it('never stores the username as typed', async () => {
    await reserve('my-secret-password-typed-here', '203.0.113.202');
    const keys = (await handle.db.select().from(loginAttempts)).map((row) => row.key);
    expect(keys.join('\n')).not.toContain('my-secret-password');
  });
});

describe('limits of 0', () => {
  it('turn each limit off', async () => {
    const limits = { perAccount: 0, perAddress: 0 };
    for (let attempt = 0; attempt < 40; attempt++) {
      expect(await reserve('unlimited', '203.0.113.250', new Date(), limits)).toBe(0);
    }
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['local', 'local'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});

describe('stale attempts', () => {
  it('are deleted once nothing reads them; locked and recent ones stay', async () => {
    const now = Date.now();
    const old = new Date(now - 25 * 60 * MINUTE_MS);
    await handle.db.insert(loginAttempts).values([
      { key: 'test:old', failures: 3, windowStart: old },
      {
        key: 'test:old-but-locked',
        failures: 9,
        windowStart: old,
        lockedUntil: new Date(now + MINUTE_MS),
      },
      { key: 'test:recent', failures: 1, windowStart: new Date(now - MINUTE_MS) },
    ]);
    await deleteExpiredAuthRecords(handle.db, 0);
    const keys = (await handle.db.select().from(loginAttempts)).map((row) => row.key);
    expect(keys).not.toContain('test:old');
    expect(keys).toContain('test:old-but-locked');
    expect(keys).toContain('test:recent');
  });
});
