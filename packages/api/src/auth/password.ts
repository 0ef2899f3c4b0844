import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane.
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

// Verified against when the username is unknown, so both cases take the same time.
const unknownUserHash = hash('not-a-real-password', argonOptions);

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** Checks a password against a stored hash, or against a dummy one when there is no user. */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  const matches = await verify(storedHash ?? (await unknownUserHash), password, argonOptions);
  return storedHash !== undefined && matches;
}
