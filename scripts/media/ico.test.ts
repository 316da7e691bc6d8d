import { describe, expect, it } from 'vitest';
import { packIco } from './ico.ts';

describe('packIco', () => {
  it('writes a directory entry per image, pointing at its PNG bytes', () => {
    const small = new Uint8Array([1, 2, 3]);
    const large = new Uint8Array([4, 5, 6, 7]);
    const ico = packIco([
      { size: 16, png: small },
      { size: 256, png: large },
    ]);

    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    expect([ico[6], ico[7], ico.readUInt16LE(12), ico.readUInt32LE(14)]).toEqual([16, 16, 32, 3]);
    expect([ico[22], ico.readUInt32LE(30)]).toEqual([0, 4]);
    const firstAt = ico.readUInt32LE(18);
    const secondAt = ico.readUInt32LE(34);
    expect(firstAt).toBe(6 + 16 * 2);
    expect([...ico.subarray(firstAt, firstAt + 3)]).toEqual([1, 2, 3]);
    expect([...ico.subarray(secondAt)]).toEqual([4, 5, 6, 7]);
  });

  it('refuses sizes an icon directory cannot describe', () => {
    expect(() => packIco([])).toThrow();
    expect(() => packIco([{ size: 512, png: new Uint8Array(1) }])).toThrow();
  });
});
