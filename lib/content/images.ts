import { createHash } from 'node:crypto';

/**
 * Questionnaire images as bytes: which raster type they are (by their first bytes, never by a
 * name), how large, and a fingerprint that names exactly these bytes. The import, the embedded
 * API and the image route all judge an image here. SVG is no type here: it can carry scripts.
 */

export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The raster type the bytes begin with, or undefined for anything else (SVG, HTML, garbage). */
export function mediaTypeOf(bytes: Uint8Array): ImageMediaType | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && b.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * The bytes of an image the upstream's loadImage answered as base64 text (spec §7), or undefined
 * when the text is no base64: what the image route serves, and what the contract check accepts.
 */
export function imageFromBase64(text: string): Buffer | undefined {
  const compact = text.trim().replace(/^"|"$/g, '').replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

export type ImageSize = { width: number; height: number };

const sane = (size: ImageSize): ImageSize | undefined =>
  size.width > 0 && size.height > 0 && size.width <= 20_000 && size.height <= 20_000 ? size : undefined;

function pngSize(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || b.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return sane({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
}

function gifSize(b: Buffer): ImageSize | undefined {
  if (b.length < 10) return undefined;
  return sane({ width: b.readUInt16LE(6), height: b.readUInt16LE(8) });
}

/** The first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
function jpegSize(b: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sane({ width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) });
    }
    at += 2 + length;
  }
  return undefined;
}

function webpSize(b: Buffer): ImageSize | undefined {
  if (b.length < 30) return undefined;
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return sane({ width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff });
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return sane({ width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 });
  }
  if (chunk === 'VP8X') return sane({ width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 });
  return undefined;
}

/** Width and height in pixels as the image's own header says, or undefined when it cannot be read. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mediaTypeOf(b)) {
      case 'image/png':
        return pngSize(b);
      case 'image/gif':
        return gifSize(b);
      case 'image/jpeg':
        return jpegSize(b);
      case 'image/webp':
        return webpSize(b);
      default:
        return undefined;
    }
  } catch {
    // A header cut short: reading past its end.
    return undefined;
  }
}

/** SHA-256 of the bytes, hex: stored with the image at import. */
export function imageSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * What names these very bytes in an image's address (?v=…) and as its ETag: the first 16 hex
 * digits of their SHA-256. A new image gets a new address, so the old one may be cached for long.
 */
export function imageFingerprint(sha256Hex: string): string {
  return sha256Hex.slice(0, 16);
}
