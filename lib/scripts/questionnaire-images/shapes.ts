/** The few shapes the scenes are drawn with: no image library, so that the same scene gives the same bytes anywhere. */
export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

/** A shape: its bounding box (to skip pixels quickly) and whether a point lies inside. */
export type Shape = { color: Rgb; box: [number, number, number, number]; inside: (x: number, y: number) => boolean };

export const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];

export function circle(cx: number, cy: number, r: number, color: string): Shape {
  return { color: hex(color), box: [cx - r, cy - r, cx + r, cy + r], inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r };
}

export function ring(cx: number, cy: number, r: number, width: number, color: string): Shape {
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

export function rect(x0: number, y0: number, w: number, h: number, color: string, radius = 0): Shape {
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

export function polygon(points: readonly Point[], color: string): Shape {
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
export function line(x1: number, y1: number, x2: number, y2: number, width: number, color: string): Shape {
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

export function star(cx: number, cy: number, outer: number, inner: number, color: string): Shape {
  const points: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return polygon(points, color);
}

/** Rays around a centre, as strokes. */
export function rays(cx: number, cy: number, from: number, to: number, count: number, width: number, color: string): Shape[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i * 2 * Math.PI) / count;
    return line(cx + from * Math.cos(angle), cy + from * Math.sin(angle), cx + to * Math.cos(angle), cy + to * Math.sin(angle), width, color);
  });
}

/** A person: head and shoulders. */
export function person(cx: number, base: number, size: number, color: string): Shape[] {
  return [circle(cx, base - size * 1.55, size * 0.45, color), rect(cx - size * 0.7, base - size, size * 1.4, size, color, size * 0.5)];
}
