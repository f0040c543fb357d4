import { circle, line, person, polygon, rays, rect, ring, star, type Shape } from './shapes';

export type Scene = { background: string; shapes: Shape[] };

const INK = '#12263f';
const WHITE = '#ffffff';

/** The pictures of the bundled slider questionnaires, by questionnaire key and image key. */
export const SCENES: Record<string, Record<string, Scene>> = {
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
