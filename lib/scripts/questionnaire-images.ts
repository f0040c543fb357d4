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
import { encodePng, HEIGHT, render, WIDTH } from './questionnaire-images/png';
import { SCENES } from './questionnaire-images/scenes';

const MAX_BYTES = 30 * 1024;

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
