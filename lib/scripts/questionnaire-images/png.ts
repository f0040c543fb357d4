/** Scenes to PNG bytes with node's zlib alone: the output depends on nothing installed. */
import zlib from 'node:zlib';
import type { Scene } from './scenes';
import { hex } from './shapes';

export const WIDTH = 480;
export const HEIGHT = 270;

/** The scene's pixels, RGB, 2×2 supersampled: edges come out smooth and still compress well. */
export function render(scene: Scene): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const background = hex(scene.background);
  const offsets = [0.25, 0.75];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const oy of offsets) {
        for (const ox of offsets) {
          const sx = x + ox;
          const sy = y + oy;
          let color = background;
          for (const shape of scene.shapes) {
            const [x0, y0, x1, y1] = shape.box;
            if (sx >= x0 && sx <= x1 && sy >= y0 && sy <= y1 && shape.inside(sx, sy)) color = shape.color;
          }
          r += color[0];
          g += color[1];
          b += color[2];
        }
      }
      const at = (y * WIDTH + x) * 3;
      pixels[at] = Math.round(r / 4);
      pixels[at + 1] = Math.round(g / 4);
      pixels[at + 2] = Math.round(b / 4);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Each row with the filter (none, sub, up) whose bytes are smallest in sum, as encoders commonly choose. */
function filtered(pixels: Buffer): Buffer {
  const stride = WIDTH * 3;
  const out = Buffer.alloc((stride + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
    const candidates = [
      [0, row],
      [1, Buffer.from(row.map((v, i) => (v - (i >= 3 ? row[i - 3]! : 0)) & 0xff))],
      [2, Buffer.from(row.map((v, i) => (v - above[i]!) & 0xff))],
    ] as const;
    const cost = (bytes: Buffer) => bytes.reduce((sum, v) => sum + (v < 128 ? v : 256 - v), 0);
    const [filter, bytes] = candidates.reduce((best, next) => (cost(next[1]) < cost(best[1]) ? next : best));
    out[y * (stride + 1)] = filter;
    bytes.copy(out, y * (stride + 1) + 1);
  }
  return out;
}

export function encodePng(pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(filtered(pixels), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
