import { crc32 } from 'node:zlib';

/**
 * A client's logo as it is uploaded (console or command line), judged by its bytes alone, never by
 * its name or the type the browser claims: a PNG or a JPEG whose structure is whole, of bounded size
 * and dimensions. SVG is refused (it can carry scripts and links), and so is every other type.
 *
 * What passes is rewritten without its metadata (PNG text and EXIF chunks; JPEG EXIF/XMP, comments
 * and vendor segments; anything after the end of the image): it is shown to every participant, and
 * a photo editor's or camera's notes (an author, a place) are nobody's business there. The image
 * data itself is copied as it is; nothing here decodes pixels.
 */

/** The most an uploaded logo may take: it goes, base64 encoded (about 22,000 characters at most), into every participant page's HTML, which no cache holds. A logo 48 px high needs far less. */
export const LOGO_MAX_BYTES = 16 * 1024;
/** The most pixels on either side: a header shows it 48 px high. */
export const LOGO_MAX_SIDE = 2048;

export type LogoType = 'png' | 'jpeg';
export type LogoImage = { type: LogoType; width: number; height: number; bytes: Uint8Array };

export type LogoProblem =
  | { problem: 'empty' }
  | { problem: 'svg' }
  | { problem: 'notPngOrJpeg' }
  | { problem: 'damaged'; type: LogoType }
  | { problem: 'tooLarge'; bytes: number }
  | { problem: 'dimensions'; width: number; height: number };

export type CheckedLogoImage = ({ ok: true } & LogoImage) | ({ ok: false } & LogoProblem);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The logo's bytes judged: the image to keep, or why not. */
export function checkLogoImage(bytes: Uint8Array): CheckedLogoImage {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  // The size first: it bounds the rest of the work.
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: 'tooLarge', bytes: bytes.length };
  const image = startsWith(bytes, PNG_SIGNATURE) ? readPng(bytes) : startsWith(bytes, [0xff, 0xd8, 0xff]) ? readJpeg(bytes) : looksLikeSvg(bytes) ? 'svg' : 'other';
  if (image === 'svg') return { ok: false, problem: 'svg' };
  if (image === 'other') return { ok: false, problem: 'notPngOrJpeg' };
  if ('damaged' in image) return { ok: false, problem: 'damaged', type: image.damaged };
  if (image.width > LOGO_MAX_SIDE || image.height > LOGO_MAX_SIDE) return { ok: false, problem: 'dimensions', width: image.width, height: image.height };
  return { ok: true, ...image };
}

type Read = LogoImage | { damaged: LogoType };

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

const uint32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;

/** An XML or SVG document (after a byte-order mark and blanks): named as such, so that the operator learns why. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<') && (head.includes('<svg') || head.startsWith('<?xml'));
}

/** The bit depths PNG allows per colour type (PNG spec, 11.2.2 IHDR). */
const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** The chunks kept: those that say how the pixels look. Text, EXIF, time and animation chunks go. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);

/**
 * A PNG walked chunk by chunk to its IEND, each chunk's CRC checked: a truncated or altered file
 * fails here, not in a participant's browser.
 */
function readPng(bytes: Uint8Array): Read {
  const damaged = { damaged: 'png' } as const;
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  let palette = false;
  let data = false;
  while (at + 12 <= bytes.length) {
    const length = uint32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.length) return damaged;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) return damaged;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== uint32(bytes, at + 8 + length)) return damaged;
    const first = at === 8;
    if (first !== (type === 'IHDR')) return damaged;
    if (type === 'IHDR') {
      if (length !== 13) return damaged;
      width = uint32(bytes, at + 8);
      height = uint32(bytes, at + 12);
      const [depth, colour, compression, filter, interlace] = bytes.subarray(at + 16, at + 21);
      if (width === 0 || height === 0 || !PNG_DEPTHS[colour!]?.includes(depth!) || compression !== 0 || filter !== 0 || interlace! > 1) return damaged;
      colourType = colour!;
    }
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') data = true;
    // An unknown critical chunk (upper-case first letter) means pixels we cannot vouch for.
    if (!PNG_KEPT.has(type) && type[0]! <= 'Z') return damaged;
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') {
      // What follows IEND is no part of the image: left behind.
      if (!data || (colourType === 3 && !palette)) return damaged;
      return { type: 'png', width, height, bytes: concat(kept) };
    }
  }
  return damaged;
}

/** JPEG segments kept: JFIF (APP0), the colour profile (APP2) and Adobe's colour transform (APP14); EXIF/XMP (APP1), comments and the rest go. */
const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);
/** Start-of-frame markers, the ones that carry the dimensions (not DHT C4, JPG C8, DAC CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG walked marker by marker: segments by their lengths, the entropy-coded data of each scan to
 * its next marker, until the end-of-image marker. Without a frame, a scan or that end, it is damaged.
 */
function readJpeg(bytes: Uint8Array): Read {
  const damaged = { damaged: 'jpeg' } as const;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  let width = 0;
  let height = 0;
  let scanned = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return damaged;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) {
      if (!scanned || width === 0) return damaged;
      kept.push(bytes.subarray(at, at + 2));
      return { type: 'jpeg', width, height, bytes: concat(kept) };
    }
    if (marker === 0xd8 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) return damaged;
    if (at + 4 > bytes.length) return damaged;
    const length = uint16(bytes, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return damaged;
    if (isStartOfFrame(marker)) {
      if (length < 8 || width !== 0) return damaged;
      height = uint16(bytes, at + 5);
      width = uint16(bytes, at + 7);
      if (width === 0 || height === 0) return damaged;
    }
    const application = marker >= 0xe0 && marker <= 0xef;
    if ((!application || JPEG_KEPT_APP.has(marker)) && marker !== 0xfe) kept.push(bytes.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      if (width === 0) return damaged;
      scanned = true;
      // The scan's data runs to the next marker: 0xFF followed by neither a stuffed 0 nor a restart marker.
      const start = at;
      while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7))) at++;
      if (at + 1 >= bytes.length) return damaged;
      kept.push(bytes.subarray(start, at));
    }
  }
  return damaged;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
