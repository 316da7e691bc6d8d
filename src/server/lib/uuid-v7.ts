import { randomFillSync } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made later
 * sort later, so new rows are appended to the primary-key index instead of landing on a random
 * page of it, and ids stay unguessable.
 */
/**
 * Random bytes are drawn 4 KiB at a time: one call to the system's generator per 256 ids rather
 * than per id (it was 5 µs of every request, whose id is one of these).
 */
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;

export function uuidV7(now = Date.now()): string {
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  const bytes = POOL.slice(poolAt, poolAt + 16);
  poolAt += 16;
  let time = now;
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
