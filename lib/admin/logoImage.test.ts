import { checkLogoImage, LOGO_MAX_BYTES, LOGO_MAX_SIDE } from './logoImage';
import { jpegWithMetadata, pngChunk, tinyPng, TINY_JPEG } from './testImages';

const text = (value: string) => Buffer.from(value, 'utf8');
const withTrailing = (bytes: Buffer, tail: string) => Buffer.concat([bytes, text(tail)]);
/** A PNG whose one IDAT chunk is padded with stored data until the file has this many bytes. */
function pngOfSize(bytes: number): Buffer {
  const small = tinyPng(1, 1);
  const padding = bytes - small.length - 12;
  return Buffer.concat([small.subarray(0, 33), pngChunk('pHYs', new Uint8Array(padding)), small.subarray(33)]);
}

describe('a logo judged by its bytes', () => {
  it.each([
    ['a real PNG', tinyPng(24, 8), { ok: true, type: 'png', width: 24, height: 8 }],
    ['a real JPEG', TINY_JPEG, { ok: true, type: 'jpeg', width: 3, height: 2 }],
    ['a PNG of the largest size', pngOfSize(LOGO_MAX_BYTES), { ok: true, type: 'png' }],
    ['a PNG of the largest dimensions', tinyPng(LOGO_MAX_SIDE, 1), { ok: true, width: LOGO_MAX_SIDE, height: 1 }],
    ['nothing', Buffer.alloc(0), { ok: false, problem: 'empty' }],
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { ok: false, problem: 'svg' }],
    ['an SVG with an XML declaration, a BOM and blanks', text('\uFEFF\n  <?xml version="1.0"?>\n<svg/>'), { ok: false, problem: 'svg' }],
    ['a GIF', text('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), { ok: false, problem: 'notPngOrJpeg' }],
    ['a WebP', Buffer.concat([text('RIFF'), Buffer.from([26, 0, 0, 0]), text('WEBPVP8 ')]), { ok: false, problem: 'notPngOrJpeg' }],
    ['an HTML page', text('<!doctype html><p>hello'), { ok: false, problem: 'notPngOrJpeg' }],
    ['a PNG cut short', tinyPng(24, 8).subarray(0, 60), { ok: false, problem: 'damaged', type: 'png' }],
    ['a PNG without its end', tinyPng(24, 8).subarray(0, tinyPng(24, 8).length - 12), { ok: false, problem: 'damaged', type: 'png' }],
    ['a PNG with a byte changed', Buffer.from(tinyPng(24, 8).map((b, i) => (i === 40 ? b ^ 1 : b))), { ok: false, problem: 'damaged', type: 'png' }],
    ['a PNG with an unknown critical chunk', tinyPng(2, 2, undefined, [['ZZZZ', new Uint8Array(4)]]), { ok: false, problem: 'damaged', type: 'png' }],
    ['a PNG of no width', tinyPng(0, 1), { ok: false, problem: 'damaged', type: 'png' }],
    ['the PNG signature alone', tinyPng(1, 1).subarray(0, 8), { ok: false, problem: 'damaged', type: 'png' }],
    ['a JPEG cut short', TINY_JPEG.subarray(0, 300), { ok: false, problem: 'damaged', type: 'jpeg' }],
    ['a JPEG without its end marker', TINY_JPEG.subarray(0, TINY_JPEG.length - 2), { ok: false, problem: 'damaged', type: 'jpeg' }],
    ['the JPEG start alone', TINY_JPEG.subarray(0, 4), { ok: false, problem: 'damaged', type: 'jpeg' }],
    ['too large', pngOfSize(LOGO_MAX_BYTES + 1), { ok: false, problem: 'tooLarge', bytes: LOGO_MAX_BYTES + 1 }],
    ['too wide', tinyPng(LOGO_MAX_SIDE + 1, 1), { ok: false, problem: 'dimensions', width: LOGO_MAX_SIDE + 1, height: 1 }],
    ['too high', tinyPng(1, LOGO_MAX_SIDE + 1), { ok: false, problem: 'dimensions', width: 1, height: LOGO_MAX_SIDE + 1 }],
  ])('%s', (_name, bytes, expected) => {
    expect(checkLogoImage(new Uint8Array(bytes))).toMatchObject(expected);
  });

  it('a PNG keeps its pixels and loses its text chunks and what follows its end; a plain one comes back byte for byte', () => {
    const plain = tinyPng(4, 4);
    expect(Buffer.from((checkLogoImage(plain) as { bytes: Uint8Array }).bytes)).toEqual(plain);
    const annotated = tinyPng(4, 4, undefined, [['tEXt', text('Author\0Jane Doe')], ['pHYs', new Uint8Array(9)]]);
    const kept = checkLogoImage(annotated);
    expect(kept.ok).toBe(true);
    const bytes = Buffer.from((kept as { bytes: Uint8Array }).bytes);
    expect(bytes.includes('Jane Doe')).toBe(false);
    expect(bytes.includes('pHYs')).toBe(true);
    // What is left is itself a whole PNG.
    expect(checkLogoImage(bytes)).toMatchObject({ ok: true, width: 4, height: 4 });
    expect(Buffer.from((checkLogoImage(withTrailing(plain, '<script>')) as { bytes: Uint8Array }).bytes)).toEqual(plain);
  });

  it('a JPEG loses its EXIF and comment, and anything after its end; a plain one comes back byte for byte', () => {
    expect(Buffer.from((checkLogoImage(TINY_JPEG) as { bytes: Uint8Array }).bytes)).toEqual(TINY_JPEG);
    const kept = checkLogoImage(withTrailing(jpegWithMetadata(), 'PK\x03\x04 a zip after the image'));
    expect(kept).toMatchObject({ ok: true, type: 'jpeg', width: 3, height: 2 });
    expect(Buffer.from((kept as { bytes: Uint8Array }).bytes)).toEqual(TINY_JPEG);
  });
});
