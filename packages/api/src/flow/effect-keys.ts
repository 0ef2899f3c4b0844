import { createHmac } from 'node:crypto';

/** What a run's effect creates under a name of its own. */
type Made = 'website' | 'site' | 'siteSlug' | 'deploy';

/**
 * The name of what one effect of a run creates (its website, site or deploy), derived from the
 * run, the effect's call id and the secret key. A worker that carries an effect out again after a
 * crash arrives at the same names and finds what the first attempt made instead of making it
 * twice; without the secret key nobody can work the names out from a task id.
 */
export function effectKey(secretKey: Buffer, taskId: string, callId: number, made: Made): Buffer {
  return createHmac('sha256', secretKey).update(`${taskId}:${callId}:${made}`).digest();
}

/** An effect key as a UUID (version 4 layout), for uuid columns. */
export function effectUuid(key: Buffer): string {
  const bytes = Buffer.from(key.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
