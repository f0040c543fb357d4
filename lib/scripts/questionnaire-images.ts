/**
 * Draws the pictures of the slider questionnaires that ship with the app (kodew-strengths,
 * kodew-motivation, kodew-leadership): simple illustrative shapes in flat colours, one PNG per
 * question, into content/questionnaires/<key>/<imageKey>.png. No SVG (the import refuses it), no
 * image library: a few shapes, 2×2 supersampled, and a PNG written with node's zlib. Each comes
 * out well under 30 KB. Run `npm run content:images` after changing a scene; the same scenes give
 * the same bytes, so an unchanged picture imports as unchanged.
 *
 *   npx tsx lib/scripts/questionnaire-images.ts [--check]
 * --check writes nothing and fails when a file on disk differs from what the scenes draw.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const WIDTH = 480;
const HEIGHT = 270;
const MAX_BYTES = 30 * 1024;

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

/** A shape: its bounding box (to skip pixels quickly) and whether a point lies inside. */
type Shape = { color: Rgb; box: [number, number, number, number]; inside: (x: number, y: number) => boolean };

const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];

function circle(cx: number, cy: number, r: number, color: string): Shape {
  return { color: hex(color), box: [cx - r, cy - r, cx + r, cy + r], inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r };
}

function ring(cx: number, cy: number, r: number, width: number, color: string): Shape {
  const outer = r + width / 2;
  const inner = r - width / 2;
  return {
    color: hex(color),
    box: [cx - outer, cy - outer, cx + outer, cy + outer],
    inside: (x, y) => {
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      return d <= outer * outer && d >= inner * inner;
    },
  };
}

function rect(x0: number, y0: number, w: number, h: number, color: string, radius = 0): Shape {
  const x1 = x0 + w;
  const y1 = y0 + h;
  return {
    color: hex(color),
    box: [x0, y0, x1, y1],
    inside: (x, y) => {
      if (x < x0 || x > x1 || y < y0 || y > y1) return false;
      const dx = Math.max(x0 + radius - x, 0, x - (x1 - radius));
      const dy = Math.max(y0 + radius - y, 0, y - (y1 - radius));
      return dx * dx + dy * dy <= radius * radius;
    },
  };
}

function polygon(points: readonly Point[], color: string): Shape {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    color: hex(color),
    box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    inside: (x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    },
  };
}

/** A stroke with round ends. */
function line(x1: number, y1: number, x2: number, y2: number, width: number, color: string): Shape {
  const half = width / 2;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = dx * dx + dy * dy;
  return {
    color: hex(color),
    box: [Math.min(x1, x2) - half, Math.min(y1, y2) - half, Math.max(x1, x2) + half, Math.max(y1, y2) + half],
    inside: (x, y) => {
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / length));
      return (x - (x1 + t * dx)) ** 2 + (y - (y1 + t * dy)) ** 2 <= half * half;
    },
  };
}

function star(cx: number, cy: number, outer: number, inner: number, color: string): Shape {
  const points: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return polygon(points, color);
}

/** Rays around a centre, as strokes. */
function rays(cx: number, cy: number, from: number, to: number, count: number, width: number, color: string): Shape[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i * 2 * Math.PI) / count;
    return line(cx + from * Math.cos(angle), cy + from * Math.sin(angle), cx + to * Math.cos(angle), cy + to * Math.sin(angle), width, color);
  });
}

/** A person: head and shoulders. */
function person(cx: number, base: number, size: number, color: string): Shape[] {
  return [circle(cx, base - size * 1.55, size * 0.45, color), rect(cx - size * 0.7, base - size, size * 1.4, size, color, size * 0.5)];
}

type Scene = { background: string; shapes: Shape[] };

const INK = '#12263f';
const WHITE = '#ffffff';

const SCENES: Record<string, Record<string, Scene>> = {
  'kodew-strengths': {
    collaboration: {
      background: '#e8f1fb',
      shapes: [rect(40, 200, 400, 24, '#b9d3ef', 12), ...person(170, 200, 70, '#0b5cad'), ...person(310, 200, 70, '#1e7b34'), line(200, 150, 280, 150, 14, '#f5a300')],
    },
    communication: {
      background: '#fdf3e1',
      shapes: [
        rect(50, 40, 220, 110, '#0b5cad', 26),
        polygon([[90, 140], [130, 140], [80, 190]], '#0b5cad'),
        rect(210, 120, 220, 100, '#1e7b34', 26),
        polygon([[370, 210], [400, 210], [415, 250]], '#1e7b34'),
        ...[0, 1, 2].map((i) => circle(115 + i * 45, 95, 11, WHITE)),
        line(245, 160, 395, 160, 10, WHITE),
        line(245, 185, 350, 185, 10, WHITE),
      ],
    },
    planning: {
      background: '#eef0f7',
      shapes: [
        rect(110, 35, 260, 205, WHITE, 14),
        rect(110, 35, 260, 46, '#1b2f6b', 14),
        rect(110, 62, 260, 19, '#1b2f6b'),
        ...Array.from({ length: 12 }, (_, i) => rect(132 + (i % 4) * 58, 98 + Math.floor(i / 4) * 46, 42, 32, i === 5 || i === 10 ? '#f5a300' : '#c9d1e6', 6)),
        line(150, 25, 150, 55, 10, INK),
        line(330, 25, 330, 55, 10, INK),
      ],
    },
    learning: {
      background: '#e6f4ee',
      shapes: [
        rect(60, 200, 150, 26, '#1b6b4f', 5),
        rect(75, 172, 130, 26, '#f5a300', 5),
        rect(68, 144, 140, 26, '#0b5cad', 5),
        rect(250, 190, 60, 36, '#9cc9b4'),
        rect(310, 150, 60, 76, '#6fb092'),
        rect(370, 110, 60, 116, '#1b6b4f'),
        polygon([[385, 40], [430, 80], [340, 80]], '#f5a300'),
      ],
    },
    resilience: {
      background: '#dfeaf5',
      shapes: [
        polygon([[20, 240], [170, 70], [320, 240]], '#4a5b70'),
        polygon([[180, 240], [330, 100], [470, 240]], '#6b7f96'),
        polygon([[130, 116], [170, 70], [210, 116], [190, 108], [170, 122], [150, 108]], WHITE),
        line(330, 100, 330, 40, 6, INK),
        polygon([[333, 40], [380, 54], [333, 68]], '#b3261e'),
        rect(0, 240, 480, 30, '#1e7b34'),
      ],
    },
    creativity: {
      background: '#fff6db',
      shapes: [
        ...rays(240, 115, 78, 108, 10, 10, '#f5a300'),
        circle(240, 115, 62, '#ffd166'),
        rect(212, 168, 56, 22, '#4a5b70', 4),
        rect(218, 192, 44, 14, '#4a5b70', 4),
        line(225, 118, 240, 140, 6, '#b34700'),
        line(240, 140, 255, 118, 6, '#b34700'),
      ],
    },
    diligence: {
      background: '#f3f5f9',
      shapes: [
        rect(70, 30, 210, 215, WHITE, 12),
        ...[0, 1, 2, 3].flatMap((i) => [
          line(100, 72 + i * 45, 118, 90 + i * 45, 8, '#1e7b34'),
          line(118, 90 + i * 45, 142, 62 + i * 45, 8, '#1e7b34'),
          line(160, 78 + i * 45, 250, 78 + i * 45, 9, '#c9d1e6'),
        ]),
        ring(330, 125, 62, 18, INK),
        line(375, 170, 430, 228, 22, INK),
      ],
    },
    initiative: {
      background: '#e8f1fb',
      shapes: [
        line(60, 220, 190, 130, 22, '#0b5cad'),
        line(190, 130, 260, 170, 22, '#0b5cad'),
        line(260, 170, 390, 70, 22, '#0b5cad'),
        polygon([[350, 48], [420, 40], [410, 110]], '#0b5cad'),
        line(80, 236, 80, 150, 6, INK),
        polygon([[83, 150], [128, 164], [83, 178]], '#f5a300'),
      ],
    },
  },
  'kodew-motivation': {
    joy: {
      background: '#fff1d6',
      shapes: [...rays(240, 130, 70, 100, 12, 9, '#f5a300'), circle(240, 130, 55, '#ffc233'), rect(0, 210, 480, 60, '#7dbb5a'), circle(90, 300, 120, '#5e9e3e')],
    },
    recognition: {
      background: '#eef0f7',
      shapes: [star(240, 110, 80, 34, '#f5a300'), rect(200, 190, 80, 22, '#1b2f6b', 6), rect(170, 214, 140, 24, '#1b2f6b', 6)],
    },
    security: {
      background: '#e6f4ee',
      shapes: [
        polygon([[240, 30], [340, 70], [330, 170], [240, 240], [150, 170], [140, 70]], '#1b6b4f'),
        line(200, 135, 230, 168, 16, WHITE),
        line(230, 168, 288, 100, 16, WHITE),
      ],
    },
  },
  'kodew-leadership': {
    leading: {
      background: '#e8ecf7',
      shapes: [
        ...person(330, 215, 62, '#1b2f6b'),
        ...person(210, 225, 42, '#7f8fb8'),
        ...person(130, 225, 42, '#7f8fb8'),
        ...person(60, 225, 42, '#7f8fb8'),
        polygon([[390, 35], [450, 65], [390, 95]], '#f5a300'),
        line(300, 65, 395, 65, 14, '#f5a300'),
      ],
    },
    decisions: {
      background: '#f3f5f9',
      shapes: [
        rect(228, 110, 24, 150, '#4a5b70', 4),
        polygon([[240, 40], [400, 40], [430, 70], [400, 100], [240, 100]], '#0b5cad'),
        polygon([[240, 120], [80, 120], [50, 150], [80, 180], [240, 180]], '#1e7b34'),
        rect(0, 250, 480, 20, '#c9d1e6'),
      ],
    },
  },
};

/** The scene's pixels, RGB, 2×2 supersampled: edges come out smooth and still compress well. */
function render(scene: Scene): Buffer {
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

function encodePng(pixels: Buffer): Buffer {
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

function main(): void {
  const check = process.argv.includes('--check');
  const folder = path.join(process.cwd(), 'content', 'questionnaires');
  let problems = 0;
  for (const [key, scenes] of Object.entries(SCENES)) {
    for (const [imageKey, scene] of Object.entries(scenes)) {
      const png = encodePng(render(scene));
      const file = path.join(folder, key, `${imageKey}.png`);
      const relative = path.relative(process.cwd(), file);
      if (png.length > MAX_BYTES) {
        console.error(`${relative}: ${png.length} bytes, more than ${MAX_BYTES}`);
        problems += 1;
      }
      if (check) {
        const current = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
        if (!current?.equals(png)) {
          console.error(`${relative}: differs from its scene (run npm run content:images)`);
          problems += 1;
        }
        continue;
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, png);
      console.log(`${relative}: ${WIDTH}×${HEIGHT}, ${png.length} bytes`);
    }
  }
  if (problems > 0) process.exit(1);
}

main();
