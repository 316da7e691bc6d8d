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

/** Two hex digits for each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function uuidV7(now = Date.now()): string {
  if (poolAt + 10 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  // 48 bits of milliseconds, then version 7 and 12 random bits, variant 10 and 62 random bits.
  const at = poolAt;
  poolAt += 10;
  let time = now;
  const timeHex: string[] = [];
  for (let index = 0; index < 6; index++) {
    timeHex.push(HEX[time % 256]!);
    time = Math.floor(time / 256);
  }
  const hex = (offset: number) => HEX[POOL[at + offset]!]!;
  return (
    `${timeHex[5]}${timeHex[4]}${timeHex[3]}${timeHex[2]}-${timeHex[1]}${timeHex[0]}-` +
    `${HEX[0x70 | (POOL[at]! & 0x0f)]}${hex(1)}-${HEX[0x80 | (POOL[at + 2]! & 0x3f)]}${hex(3)}-` +
    `${hex(4)}${hex(5)}${hex(6)}${hex(7)}${hex(8)}${hex(9)}`
  );
}
