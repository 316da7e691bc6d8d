/**
 * Packs PNG images into one .ico file. Each entry keeps its PNG bytes (allowed since Windows
 * Vista and read by every current browser), so no bitmap conversion is needed.
 */
export interface IcoImage {
  size: number;
  png: Uint8Array;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

export function packIco(images: IcoImage[]): Buffer {
  if (images.length === 0) throw new Error('An icon needs at least one image.');
  const header = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    if (size < 1 || size > 256) throw new Error(`Icon size ${size} is out of range 1..256.`);
    const at = HEADER_BYTES + ENTRY_BYTES * index;
    header.writeUInt8(size === 256 ? 0 : size, at); // width; 0 means 256
    header.writeUInt8(size === 256 ? 0 : size, at + 1); // height
    header.writeUInt8(0, at + 2); // palette colours: none
    header.writeUInt8(0, at + 3); // reserved
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => Buffer.from(png))]);
}
