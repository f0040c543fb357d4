import { imageFingerprint, imageSha256, imageSize, mediaTypeOf } from './images';

const png = (width: number, height: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};

const gif = (width: number, height: number) => {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
};

/** SOI, an APP0 segment to skip, then SOF2 (progressive) with the size. */
const jpeg = (width: number, height: number) => {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc2, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
};

const webp = (chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number) => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(chunk, 12, 'latin1');
  if (chunk === 'VP8 ') {
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
};

describe('questionnaire images judged by their bytes', () => {
  it.each([
    ['PNG', png(480, 270), 'image/png', { width: 480, height: 270 }],
    ['GIF', gif(64, 48), 'image/gif', { width: 64, height: 48 }],
    ['JPEG (progressive, after an APP0 segment)', jpeg(800, 600), 'image/jpeg', { width: 800, height: 600 }],
    ['WebP lossy', webp('VP8 ', 320, 180), 'image/webp', { width: 320, height: 180 }],
    ['WebP lossless', webp('VP8L', 300, 200), 'image/webp', { width: 300, height: 200 }],
    ['WebP extended', webp('VP8X', 1024, 576), 'image/webp', { width: 1024, height: 576 }],
  ])('%s: its type and size', (_name, bytes, type, size) => {
    expect(mediaTypeOf(bytes)).toBe(type);
    expect(imageSize(bytes)).toEqual(size);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['empty', Buffer.alloc(0)],
    ['a PNG signature alone', png(1, 1).subarray(0, 8)],
  ])('%s is no image of ours', (_name, bytes) => {
    expect(imageSize(bytes)).toBeUndefined();
    if (bytes.length !== 8) expect(mediaTypeOf(bytes)).toBeUndefined();
  });

  it.each([
    ['a PNG of width 0', png(0, 10)],
    ['a PNG larger than 20,000 pixels', png(30_000, 10)],
    ['a JPEG cut before its frame header', jpeg(10, 10).subarray(0, 22)],
  ])('%s has no size to go by', (_name, bytes) => {
    expect(imageSize(bytes)).toBeUndefined();
  });

  it('a fingerprint names exactly the bytes', () => {
    const a = imageFingerprint(imageSha256(png(2, 2)));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(imageFingerprint(imageSha256(png(2, 2)))).toBe(a);
    expect(imageFingerprint(imageSha256(png(2, 3)))).not.toBe(a);
  });
});
